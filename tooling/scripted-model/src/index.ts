export {
  demoRules,
  type Fault,
  pickRule,
  type Rule,
  replyOf,
  type ScriptedRequest,
  type ScriptedTool,
  type ScriptedToolCall,
} from './script';
export {
  type ReceivedRequest,
  type ScriptedModel,
  type ScriptedModelOptions,
  startScriptedModel,
} from './server';
