import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEB_BUILD_STEPS } from './lib/web-build.mjs';

// The web app's build (scripts/lib/web-build.mjs) writes into .build/dist and .build/dist-ssr and ends
// with `publish-web-build.mjs .build .`. Each test plays builds in a scratch app folder: write the build's
// files into .build (as vite build, prerender-home and compress-dist do), then publish.
const script = path.resolve(import.meta.dirname, 'publish-web-build.mjs');
let app = '';

function publish() {
  return execFileSync(process.execPath, [script, '.build', '.'], { cwd: app, encoding: 'utf8' });
}

/** What vite build and the later steps leave in .build/`folder`: the folder emptied, then the files. */
function writeBuild(files: Record<string, string>, folder = 'dist', page = 'page') {
  const dir = path.join(app, '.build', folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), page);
  for (const [name, body] of Object.entries(files))
    writeFileSync(path.join(dir, 'assets', name), body);
}

/** A whole build: the web app's files, an SSR bundle, published. */
function build(files: Record<string, string>, ssr: Record<string, string> = {}) {
  writeBuild(files, 'dist', Object.keys(files).join());
  writeBuild(ssr, 'dist-ssr');
  return publish();
}

const assets = (folder = 'dist') => readdirSync(path.join(app, folder, 'assets')).sort();
const keptList = (folder = 'dist') =>
  JSON.parse(readFileSync(path.join(app, folder, '.vite', 'kept-assets.json'), 'utf8')) as string[];
const page = () => readFileSync(path.join(app, 'dist', 'index.html'), 'utf8');

const buildA = {
  'index-A.js': 'a',
  'index-A.js.br': 'a-br',
  'admin-A.js': 'admin a',
  'shared-S.js': 's',
};
const buildB = {
  'index-B.js': 'b',
  'index-B.js.br': 'b-br',
  'admin-B.js': 'admin b',
  'shared-S.js': 's',
};
const buildC = { 'index-C.js': 'c', 'admin-C.js': 'admin c' };
const keptA = ['admin-A.js', 'index-A.js', 'index-A.js.br'];

beforeEach(() => {
  app = mkdtempSync(path.join(tmpdir(), 'stellar-publish-build-'));
});
afterEach(() => rmSync(app, { recursive: true, force: true }));

describe('publish-web-build', () => {
  it('puts a first build in place, keeps nothing and leaves no build folder behind', () => {
    const out = build(buildA, { 'lazy-A.js': 'ssr a' });
    expect(out).toContain(
      `publish-web-build: ${path.join('.build', 'dist')} is now dist, with 0 file(s) of the previous build kept in its assets (0.0 KB)`,
    );
    expect(assets()).toEqual(Object.keys(buildA).sort());
    expect(assets('dist-ssr')).toEqual(['lazy-A.js']);
    expect(keptList()).toEqual([]);
    expect(page()).toBe(Object.keys(buildA).join());
    expect(existsSync(path.join(app, '.build'))).toBe(false);
  });

  it("keeps the previous build's files beside the new ones, with their content, in both folders", () => {
    build(buildA, { 'lazy-A.js': 'ssr a' });
    const out = build(buildB, { 'lazy-B.js': 'ssr b' });
    expect(out).toContain('is now dist, with 3 file(s) of the previous build kept in its assets');
    expect(out).toContain(
      'is now dist-ssr, with 1 file(s) of the previous build kept in its assets',
    );
    expect(assets()).toEqual([...Object.keys(buildB), ...keptA].sort());
    expect(readFileSync(path.join(app, 'dist', 'assets', 'admin-A.js'), 'utf8')).toBe('admin a');
    expect(page()).toBe(Object.keys(buildB).join());
    // A name both builds wrote (shared-S.js) is the new build's own: it is not listed, so the next
    // build keeps it.
    expect(keptList()).toEqual(keptA);
    expect(assets('dist-ssr')).toEqual(['lazy-A.js', 'lazy-B.js']);
    expect(keptList('dist-ssr')).toEqual(['lazy-A.js']);
  });

  it('keeps one generation: the files kept from the build before are dropped', () => {
    build(buildA);
    build(buildB);
    build(buildC);
    const keptB = ['admin-B.js', 'index-B.js', 'index-B.js.br', 'shared-S.js'];
    expect(assets()).toEqual([...Object.keys(buildC), ...keptB].sort());
    expect(keptList()).toEqual(keptB);
  });

  it('leaves the live build untouched while the next one is written and when it fails', () => {
    build(buildA);
    // The next build empties and fills .build, then stops before publishing (a failed step).
    writeBuild({ 'index-BROKEN.js': 'half' }, 'dist', 'broken');
    expect(assets()).toEqual(Object.keys(buildA).sort());
    expect(page()).toBe(Object.keys(buildA).join());
    // The build after it starts over in .build and keeps the last published build, not the broken one.
    build(buildC);
    expect(assets()).toEqual([...Object.keys(buildC), ...Object.keys(buildA)].sort());
    expect(keptList()).toEqual(Object.keys(buildA).sort());
  });

  it('after a publish stopped between its two renames, keeps the build that was live', () => {
    build(buildA);
    writeBuild(buildB);
    writeBuild({}, 'dist-ssr');
    // The first rename happened, the second did not: dist is missing.
    renameSync(path.join(app, 'dist'), path.join(app, '.build', 'dist.replaced'));
    publish();
    expect(assets()).toEqual([...Object.keys(buildB), ...keptA].sort());
    expect(keptList()).toEqual(keptA);
    expect(existsSync(path.join(app, '.build'))).toBe(false);
  });

  it('refuses to publish without both folders of a finished build', () => {
    build(buildA);
    writeBuild(buildB); // no .build/dist-ssr
    expect(() =>
      execFileSync(process.execPath, [script, '.build', '.'], { cwd: app, stdio: 'pipe' }),
    ).toThrow(`publish-web-build: no finished build in ${path.join('.build', 'dist-ssr')}`);
    expect(page()).toBe(Object.keys(buildA).join());
  });

  it("is where the web app's build writes, and its last step (scripts/lib/web-build.mjs)", () => {
    const steps = WEB_BUILD_STEPS.map((step) => step.join(' '));
    expect(steps.at(-1)).toBe('node ../../scripts/publish-web-build.mjs .build .');
    // Every step before it names its output folder, and none is a folder the server reads.
    for (const buildStep of steps.slice(0, -1)) {
      expect(buildStep).toMatch(/ \.build\/dist(?:-ssr)?(?: |$)/);
      expect(buildStep).not.toMatch(/(?:^| )(?:\.\/)?dist(?:-ssr)?(?: |\/|$)/);
    }
    expect(steps.filter((buildStep) => buildStep.startsWith('vite build'))).toEqual([
      'vite build --outDir .build/dist',
      'vite build --ssr src/prerender/pages.ts --outDir .build/dist-ssr --emptyOutDir',
    ]);
    const pkg = path.resolve(import.meta.dirname, '../apps/web/package.json');
    const { scripts } = JSON.parse(readFileSync(pkg, 'utf8')) as { scripts: { build: string } };
    expect(scripts.build).toBe('node ../../scripts/build-web.mjs');
  });

  it('refuses a call without its folders', () => {
    expect(() =>
      execFileSync(process.execPath, [script, '.build'], { cwd: app, stdio: 'pipe' }),
    ).toThrow(/Usage: node scripts\/publish-web-build.mjs BUILD APP/);
  });
});
