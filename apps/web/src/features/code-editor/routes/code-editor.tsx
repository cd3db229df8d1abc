import * as Tabs from '@radix-ui/react-tabs';
import { Eraser, FolderOpen, Play, Plug, Save } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { HelixSettings } from '../components/helix-settings';
import { HelixSidebar } from '../components/helix-sidebar';
import { LuaEditor } from '../components/lua-editor';

export const DEFAULT_SCRIPT = 'print("Hello, Stellar!")';
const TABS = ['editor', 'settings', 'scriptHub', 'account'] as const;

const tabClasses =
  'rounded-md px-4 py-2 text-sm font-medium text-fg-muted transition-colors hover:text-fg data-[state=active]:bg-surface-hover data-[state=active]:text-fg';

/** /code-editor: Helix, the demo script editor. A stub: nothing runs and nothing is saved. */
export function CodeEditorRoute() {
  // Held here, not in the tab: Radix unmounts a hidden tab, and Attach must never come back.
  const [code, setCode] = useState(DEFAULT_SCRIPT);
  const [attached, setAttached] = useState(false);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <title>Helix · Stellar</title>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-4xl font-extrabold tracking-tight text-fg">Helix</h1>
        <Badge tone="accent">Demo</Badge>
      </header>
      <p className="mt-3 max-w-2xl text-fg-muted">
        A preview of the Helix script editor. Scripts are not run or saved in this demo.
      </p>

      <Tabs.Root defaultValue="editor" className="mt-8">
        <Tabs.List
          aria-label="Helix"
          className="inline-flex max-w-full flex-wrap gap-1 rounded-lg border border-line bg-surface p-1"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} className={tabClasses}>
              {tab}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="editor" className="mt-6">
          <EditorTab
            code={code}
            onCodeChange={setCode}
            attached={attached}
            onAttach={() => setAttached(true)}
          />
        </Tabs.Content>
        <Tabs.Content value="settings" className="mt-6">
          <HelixSettings />
        </Tabs.Content>
        {/* scriptHub and account have no content in the stub. */}
        <Tabs.Content value="scriptHub" className="mt-6" />
        <Tabs.Content value="account" className="mt-6" />
      </Tabs.Root>
    </div>
  );
}

interface EditorTabProps {
  code: string;
  onCodeChange: (code: string) => void;
  attached: boolean;
  onAttach: () => void;
}

function EditorTab({ code, onCodeChange, attached, onAttach }: EditorTabProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_16rem]">
      <div className="min-w-0 overflow-hidden rounded-2xl border border-line bg-[#1e1e1e]">
        <LuaEditor value={code} onChange={onCodeChange} />
        <div className="flex flex-wrap gap-2 border-t border-line bg-surface p-3">
          <Button size="sm" onClick={() => console.log(code)}>
            <Play aria-hidden="true" className="size-4" />
            Execute
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onCodeChange('')}>
            <Eraser aria-hidden="true" className="size-4" />
            Clear
          </Button>
          <Button size="sm" variant="secondary" onClick={() => window.alert('Open file')}>
            <FolderOpen aria-hidden="true" className="size-4" />
            Open File
          </Button>
          <Button size="sm" variant="secondary" onClick={() => window.alert('Save file')}>
            <Save aria-hidden="true" className="size-4" />
            Save File
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={attached}
            onClick={onAttach}
            className="sm:ml-auto"
          >
            <Plug aria-hidden="true" className="size-4" />
            Attach
          </Button>
        </div>
      </div>
      <HelixSidebar />
    </div>
  );
}
