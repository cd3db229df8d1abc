// npm run bench:profile -- FILE.cpuprofile [TOP] [FROM_S-TO_S]: what a V8 CPU profile (node --cpu-prof,
// e.g. from BENCH_SERVER_NODE_ARGS of bench:hot) spent its time on. Prints the busy share of each second
// (to find the load phase), then, for the samples between FROM_S and TO_S seconds (default: all), the
// share by self time per function and by inclusive time per package or project file.
import { readFileSync } from 'node:fs';

const [file, topArg, windowArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs FILE.cpuprofile [TOP] [FROM_S-TO_S]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
/** @type {{ nodes: Array<{ id: number, callFrame: { functionName: string, url: string, lineNumber: number }, children?: number[] }>, samples: number[], timeDeltas: number[] }} */
const profile = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
/** @type {Map<number, number>} */
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** @param {string} url */
function owner(url) {
  if (!url) return '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [scope = '', name = ''] = url.slice(nm + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(url.lastIndexOf('/', src - 1) + 1) : url;
}

// Seconds since the profile started, per sample; the busy (non-idle) share of each second.
/** @type {number[]} */
const at = [];
let clock = 0;
for (const delta of profile.timeDeltas) at.push((clock += delta) / 1e6);
const idleIds = new Set(
  profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
);
/** @type {number[][]} */
const perSecond = [];
profile.samples.forEach((id, i) => {
  const s = Math.floor(at[i] ?? 0);
  const counts = (perSecond[s] ??= [0, 0]);
  counts[0] = (counts[0] ?? 0) + 1;
  if (!idleIds.has(id)) counts[1] = (counts[1] ?? 0) + 1;
});
console.log(
  'busy % per second: ' +
    perSecond
      .map((c, s) => `${s}:${c ? Math.round((100 * (c[1] ?? 0)) / (c[0] ?? 1)) : 0}`)
      .join(' '),
);
const [from = 0, to = 1e9] = (windowArg ?? '0-1e9').split('-').map(Number);
const picked = profile.samples.filter((_, i) => (at[i] ?? 0) >= from && (at[i] ?? 0) < to);
const total = picked.length;
/** @type {Map<string, number>} */
const self = new Map();
/** @type {Map<string, number>} */
const inclusive = new Map();
for (const id of picked) {
  const node = byId.get(id);
  if (!node) continue;
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${owner(f.url)}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + 1);
  const seen = new Set();
  for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
    const o = owner(byId.get(cur)?.callFrame.url ?? '');
    if (seen.has(o)) continue;
    seen.add(o);
    inclusive.set(o, (inclusive.get(o) ?? 0) + 1);
  }
}

/** @param {Map<string, number>} map */
const rows = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, n]) => ({ '%': ((100 * n) / total).toFixed(1), name }));

console.log(`${file}: ${total} samples between ${from} s and ${to} s`);
console.log('\nSelf time by function');
console.table(rows(self));
console.log('\nInclusive time by package or file (a sample counts once per owner on its stack)');
console.table(rows(inclusive));
