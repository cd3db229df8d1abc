import { Check, Copy, CopyCheck, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { downloadTextFile } from '@/lib/download-text-file';
import { useCopyFeedback } from '@/lib/use-copy-feedback';

export interface GeneratedBatch {
  keys: string[];
  product: string;
  plan: string;
  /** File name part: the product's slug. */
  slug: string;
}

const ALL = 'all';

/** The spec's box of generated keys: copy one, copy all ("Copied!" for 2 seconds), download. */
export function GeneratedKeysBox({ batch }: { batch: GeneratedBatch }) {
  const { copied, failed, copy } = useCopyFeedback();
  const label = (id: string, idle: string) =>
    copied === id ? 'Copied!' : failed === id ? 'Copy failed' : idle;

  const download = () => {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    downloadTextFile(`stellar-keys-${batch.slug}-${stamp}.txt`, batch.keys);
  };

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="generated-keys-heading">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="generated-keys-heading" className="text-lg font-semibold text-fg">
              Generated keys
            </h2>
            <p className="text-sm text-fg-muted">
              {batch.keys.length} {batch.keys.length === 1 ? 'key' : 'keys'} · {batch.product} ·{' '}
              {batch.plan}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-label={copied === ALL ? undefined : 'Copy all keys'}
              onClick={() => void copy(batch.keys.join('\n'), ALL)}
            >
              {copied === ALL ? (
                <Check aria-hidden="true" className="size-4" />
              ) : (
                <CopyCheck aria-hidden="true" className="size-4" />
              )}
              <span aria-live="polite">{label(ALL, 'Copy all')}</span>
            </Button>
            <Button variant="secondary" size="sm" onClick={download}>
              <Download aria-hidden="true" className="size-4" />
              Download .txt
            </Button>
          </div>
        </div>
        <ul
          aria-label="Generated keys"
          className="mt-4 max-h-96 divide-y divide-line overflow-y-auto rounded-xl border border-line bg-surface"
        >
          {batch.keys.map((key) => (
            <li key={key} className="flex items-center justify-between gap-3 px-3 py-2">
              <code className="min-w-0 font-mono text-xs break-all text-fg sm:text-sm">{key}</code>
              <Button
                variant="ghost"
                size="sm"
                aria-label={copied === key ? undefined : `Copy key ${key}`}
                onClick={() => void copy(key, key)}
                className="shrink-0"
              >
                {copied === key ? (
                  <Check aria-hidden="true" className="size-4 text-success" />
                ) : (
                  <Copy aria-hidden="true" className="size-4" />
                )}
                {/* On phones the idle button is an icon, so the whole key fits on one line. */}
                <span aria-live="polite" className={copied === key ? undefined : 'max-sm:sr-only'}>
                  {label(key, 'Copy')}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
