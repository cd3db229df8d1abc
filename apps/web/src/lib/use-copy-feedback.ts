import { LIMITS } from '@stellar/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text and remembers which control did it for 2 seconds (spec: "Copied!" lasts 2 seconds).
 * Copying again restarts the 2 seconds.
 */
export function useCopyFeedback() {
  const [copied, setCopied] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string, id: string) => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setFailed(null);
      setCopied(id);
    } catch (error) {
      console.error('Copying to the clipboard failed.', error);
      setCopied(null);
      setFailed(id);
    }
    timer.current = window.setTimeout(() => {
      setCopied(null);
      setFailed(null);
    }, LIMITS.copiedFeedbackMs);
  }, []);

  return { copied, failed, copy };
}
