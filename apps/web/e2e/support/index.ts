export {
  type BrowserOptions,
  type BrowserSession,
  launchBrowser,
  newPage,
  type PageOptions,
  saveScreenshot,
  useBrowser,
} from './browser';
export { type ModelRule, modelRequests, resetModel, scriptModel } from './model';
export { type Stack, type StackOptions, startStack } from './stack';
export {
  countSteps,
  executionPanel,
  goalForm,
  longReply,
  seeStep,
  seeText,
  signUp,
  startFlow,
  stepFeed,
  taskList,
  useWorkspace,
  type WorkspaceActions,
  waitForFinalAnswer,
} from './workspace';
