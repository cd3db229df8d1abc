/** Saves `lines` as a .txt file through the browser's download. */
export function downloadTextFile(fileName: string, lines: readonly string[]): void {
  const blob = new Blob([`${lines.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
