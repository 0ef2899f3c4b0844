import Editor from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { monaco } from './monacoSetup';

/** Props of {@link CodeEditor}. */
export type CodeEditorProps = {
  /** Tells the file apart: each file keeps its own model (undo history). */
  path: string;
  language: string;
  /** The file's text as the project has it; the editor takes it when it changed elsewhere. */
  value: string;
  /** Text typed into the file at `path` (the file shown when the edit was made). */
  onChange: (path: string, value: string) => void;
  onSave: () => void;
  onRun: () => void;
};

const EDITOR_OPTIONS = {
  fontSize: 14,
  minimap: { enabled: true },
  tabSize: 2,
  wordWrap: 'on',
  automaticLayout: true,
  scrollBeyondLastLine: false,
} as const;

/** How many of the editor's own changes are remembered while the project catches up. */
const MAX_UNCONFIRMED = 200;

type Editing = {
  /** The path of the model the editor shows, as of the last sync. */
  path: string;
  /** Texts the editor reported that have not come back as `value` yet, oldest first. */
  unconfirmed: string[];
  /** True while the editor takes text from outside (not a change to report). */
  applying: boolean;
};

/**
 * Monaco with the spec's settings: dark theme, font size 14, minimap on, tab size 2, word wrap
 * on. Ctrl+S saves and Ctrl+Enter runs from inside the editor too (Monaco takes those keys).
 *
 * The editor's model owns the text: `value` goes into it only when it differs from everything the
 * editor itself reported, that is when the file was changed elsewhere (the assistant wrote it).
 * A `value` that is one of the editor's own, older texts is the project catching up and is
 * never pushed back, so fast typing loses nothing.
 */
export function CodeEditor({ path, language, value, onChange, onSave, onRun }: CodeEditorProps) {
  const [editor, setEditor] = useState<monaco.editor.IStandaloneCodeEditor | null>(null);
  const actions = useRef({ onSave, onRun, onChange });
  actions.current = { onSave, onRun, onChange };
  const editing = useRef<Editing>({ path, unconfirmed: [], applying: false });

  // Runs after the editor has switched to `path`'s model (the child's effects run first).
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    const state = editing.current;
    if (state.path !== path) {
      state.path = path;
      state.unconfirmed = [];
    }
    const own = state.unconfirmed.indexOf(value);
    if (own >= 0) {
      state.unconfirmed.splice(0, own + 1);
      return;
    }
    state.unconfirmed = [];
    if (model.getValue() === value) return;
    // One undoable edit, so Ctrl+Z brings back what was there before.
    state.applying = true;
    try {
      editor.executeEdits('project', [
        { range: model.getFullModelRange(), text: value, forceMoveMarkers: true },
      ]);
      editor.pushUndoStop();
    } finally {
      state.applying = false;
    }
  }, [editor, path, value]);

  return (
    <Editor
      path={path}
      language={language}
      defaultValue={value}
      theme="vs-dark"
      loading="Loading editor…"
      onMount={(mounted) => {
        mounted.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () =>
          actions.current.onSave(),
        );
        mounted.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () =>
          actions.current.onRun(),
        );
        mounted.onDidChangeModelContent(() => {
          const state = editing.current;
          if (state.applying) return;
          const text = mounted.getValue();
          state.unconfirmed.push(text);
          if (state.unconfirmed.length > MAX_UNCONFIRMED) state.unconfirmed.shift();
          actions.current.onChange(state.path, text);
        });
        setEditor(mounted);
      }}
      options={EDITOR_OPTIONS}
    />
  );
}
