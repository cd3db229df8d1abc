import Editor from '@monaco-editor/react';
import { Spinner } from '@/components/ui/spinner';
import './monaco-setup';

/** Font size 16, line height 24, height 400px, no minimap; Lua in a dark theme. */
export const EDITOR_OPTIONS = {
  fontSize: 16,
  lineHeight: 24,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  automaticLayout: true,
  padding: { top: 12 },
  tabSize: 2,
} as const;

interface LuaEditorProps {
  value: string;
  onChange: (value: string) => void;
}

export function LuaEditor({ value, onChange }: LuaEditorProps) {
  return (
    <Editor
      height="400px"
      language="lua"
      theme="vs-dark"
      value={value}
      onChange={(next) => onChange(next ?? '')}
      options={EDITOR_OPTIONS}
      loading={
        <div role="status" className="flex items-center gap-3 text-sm text-fg-muted">
          <Spinner />
          Loading editor...
        </div>
      }
      wrapperProps={{ 'data-testid': 'helix-editor' }}
    />
  );
}
