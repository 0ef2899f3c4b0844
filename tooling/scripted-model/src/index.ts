export { demoRules, type Fault, pickRule, type Rule } from './script';
export {
  type ReceivedRequest,
  type ScriptedModel,
  type ScriptedModelOptions,
  startScriptedModel,
} from './server';
