// JSX needs React in the frame. React 19 ships no browser (UMD) build, and the frame cannot use
// the app's own chunks: it is an opaque origin, and module scripts from the app would need CORS.
// Preact's compat layer is the React API (components, hooks, render, createRoot) in about 25 kB,
// and its UMD builds are plain scripts: they are bundled here as text, in a chunk loaded only
// when a JSX or TSX block runs, and handed to the frame with the code. The frame runs them as
// inline scripts, which its own sandboxed policy allows; the app's policy is not touched, and the
// frame loads nothing from anywhere.
import compatSource from '../../../node_modules/preact/compat/dist/compat.umd.js?raw';
import preactSource from '../../../node_modules/preact/dist/preact.min.umd.js?raw';
import hooksSource from '../../../node_modules/preact/hooks/dist/hooks.umd.js?raw';

/**
 * Makes preact/compat the frame's `React` and `ReactDOM` (with `createRoot`), and what
 * `require('react')`, `require('react-dom')` and `require('react-dom/client')` return.
 */
export const REACT_GLOBALS = `(() => {
  const compat = self.preactCompat;
  const createRoot = (container) => ({
    render: (children) => compat.render(children, container),
    unmount: () => compat.unmountComponentAtNode(container),
  });
  const hydrateRoot = (container, children) => {
    compat.hydrate(children, container);
    return createRoot(container);
  };
  const dom = Object.assign({}, compat, { createRoot, hydrateRoot });
  self.React = compat;
  self.ReactDOM = dom;
  Object.assign(self.__flowsModules, { react: compat, 'react-dom': dom, 'react-dom/client': dom });
})();`;

/**
 * Runs after the block: when it rendered nothing into #root itself, renders its default export or
 * its App component there (answers often only define the component).
 */
export const REACT_AUTO_RENDER = `(() => {
  const root = document.getElementById('root');
  if (!root || root.hasChildNodes()) return;
  const exported = self.exports && self.exports.default;
  const component = typeof exported === 'function' ? exported : typeof App === 'function' ? App : null;
  if (component) ReactDOM.createRoot(root).render(React.createElement(component));
})();`;

/** Preact, its hooks and its compat layer: UMD builds that set globals (preact, preactCompat). */
export const REACT_LIBRARY_SCRIPTS: readonly string[] = [preactSource, hooksSource, compatSource];
