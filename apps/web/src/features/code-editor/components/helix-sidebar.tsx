import { Bookmark, FileCode, Zap, type LucideIcon } from 'lucide-react';

interface SidebarGroup {
  title: string;
  icon: LucideIcon;
  items: string[];
}

// Static placeholders: the stub has no file system behind it.
const GROUPS: SidebarGroup[] = [
  { title: 'Local Files', icon: FileCode, items: ['Script 1', 'Script 2', 'Script 3'] },
  { title: 'Bookmarks', icon: Bookmark, items: ['Pinned Script 1'] },
  { title: 'Autoexec', icon: Zap, items: ['Autoexec Script 1'] },
];

export function HelixSidebar() {
  return (
    <aside
      aria-label="Scripts"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-surface/80 p-5"
    >
      {GROUPS.map(({ title, icon: Icon, items }) => (
        <section key={title} aria-label={title}>
          <h3 className="flex items-center gap-2 text-xs font-semibold tracking-widest text-fg-subtle uppercase">
            <Icon aria-hidden="true" className="size-4 text-accent-text" />
            {title}
          </h3>
          <ul className="mt-2 flex flex-col gap-1">
            {items.map((item) => (
              <li key={item} className="rounded-md px-2.5 py-1.5 font-mono text-sm text-fg-muted">
                {item}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </aside>
  );
}
