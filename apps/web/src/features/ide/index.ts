// The in-browser IDE (/dexlink).
export { IdeWorkspace } from './IdeWorkspace';
