import Editor from '@monaco-editor/react';
import { useRef } from 'react';
import { monaco } from './monacoSetup';

/** Props of {@link CodeEditor}. */
export type CodeEditorProps = {
  /** Tells the file apart: each file keeps its own model (undo history). */
  path: string;
  language: string;
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onRun: () => void;
};

/**
 * Monaco with the spec's settings: dark theme, font size 14, minimap on, tab size 2, word wrap
 * on. Ctrl+S saves and Ctrl+Enter runs from inside the editor too (Monaco takes those keys).
 */
export function CodeEditor({ path, language, value, onChange, onSave, onRun }: CodeEditorProps) {
  const actions = useRef({ onSave, onRun });
  actions.current = { onSave, onRun };
  return (
    <Editor
      path={path}
      language={language}
      value={value}
      theme="vs-dark"
      onChange={(next) => onChange(next ?? '')}
      loading="Loading editor…"
      onMount={(editor) => {
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () =>
          actions.current.onSave(),
        );
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () =>
          actions.current.onRun(),
        );
      }}
      options={{
        fontSize: 14,
        minimap: { enabled: true },
        tabSize: 2,
        wordWrap: 'on',
        automaticLayout: true,
        scrollBeyondLastLine: false,
      }}
    />
  );
}
