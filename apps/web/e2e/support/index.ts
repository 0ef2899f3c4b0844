export {
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
  executionPanel,
  goalForm,
  longReply,
  seeText,
  signUp,
  startFlow,
  stepFeed,
  taskList,
  waitForFinalAnswer,
} from './workspace';
