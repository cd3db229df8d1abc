import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

// The web app's build (apps/web/package.json) runs `hold` before `vite build` and `restore` after the
// rest of it. Each test plays builds in a scratch app folder: hold, empty dist and write the build's
// files (as vite build, prerender-home and compress-dist do), restore.
const script = path.resolve(import.meta.dirname, 'keep-previous-assets.mjs');
let app = '';
let dist = '';

function step(name: 'hold' | 'restore') {
  return execFileSync(process.execPath, [script, name, 'dist'], { cwd: app, encoding: 'utf8' });
}

/** What vite build and the later steps leave: dist emptied, then the build's files. */
function writeBuild(files: Record<string, string>) {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  for (const [name, body] of Object.entries(files))
    writeFileSync(path.join(dist, 'assets', name), body);
}

function build(files: Record<string, string>) {
  const held = step('hold');
  writeBuild(files);
  return { held, restored: step('restore') };
}

const assets = () => readdirSync(path.join(dist, 'assets')).sort();
const keptList = () =>
  JSON.parse(readFileSync(path.join(dist, '.vite', 'kept-assets.json'), 'utf8')) as string[];
const heldDir = () => path.join(app, 'node_modules', '.cache', 'previous-assets');

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

beforeEach(() => {
  app = mkdtempSync(path.join(tmpdir(), 'stellar-keep-assets-'));
  dist = path.join(app, 'dist');
});
afterEach(() => rmSync(app, { recursive: true, force: true }));

describe('keep-previous-assets', () => {
  it('keeps nothing on a first build and lists no kept file', () => {
    const { held, restored } = build(buildA);
    expect(held).toContain('0 file(s) of the previous build held');
    expect(restored).toContain('0 file(s) of the previous build kept in dist/assets');
    expect(assets()).toEqual(Object.keys(buildA).sort());
    expect(keptList()).toEqual([]);
    expect(existsSync(heldDir())).toBe(false);
  });

  it("keeps the previous build's files beside the new ones, with their content", () => {
    build(buildA);
    const { held, restored } = build(buildB);
    expect(held).toContain('4 file(s) of the previous build held, 0 older one(s) dropped');
    expect(restored).toContain('3 file(s) of the previous build kept in dist/assets');
    const keptA = ['admin-A.js', 'index-A.js', 'index-A.js.br'];
    expect(assets()).toEqual([...Object.keys(buildB), ...keptA].sort());
    expect(readFileSync(path.join(dist, 'assets', 'admin-A.js'), 'utf8')).toBe('admin a');
    // A name both builds wrote (shared-S.js) is the new build's own: it is not listed, so the next
    // build keeps it.
    expect(keptList()).toEqual(keptA);
    expect(existsSync(heldDir())).toBe(false);
  });

  it('keeps one generation: the files kept from the build before are dropped', () => {
    build(buildA);
    build(buildB);
    const { held } = build(buildC);
    expect(held).toContain('4 file(s) of the previous build held, 3 older one(s) dropped');
    const keptB = ['admin-B.js', 'index-B.js', 'index-B.js.br', 'shared-S.js'];
    expect(assets()).toEqual([...Object.keys(buildC), ...keptB].sort());
    expect(keptList()).toEqual(keptB);
  });

  it('after a build that did not finish, keeps the last finished build, not the broken one', () => {
    build(buildA);
    step('hold');
    writeBuild({ 'index-BROKEN.js': 'half' }); // the build stopped here: restore never ran
    const { held } = build(buildC);
    expect(held).toContain('4 file(s) still held from a build that did not finish');
    const keptA = ['admin-A.js', 'index-A.js', 'index-A.js.br', 'shared-S.js'];
    expect(assets()).toEqual([...Object.keys(buildC), ...keptA].sort());
    expect(keptList()).toEqual(keptA);
  });

  it("runs around the web app's whole build (apps/web/package.json)", () => {
    const pkg = path.resolve(import.meta.dirname, '../apps/web/package.json');
    const { scripts } = JSON.parse(readFileSync(pkg, 'utf8')) as { scripts: { build: string } };
    expect(scripts.build).toMatch(
      /^node \.\.\/\.\.\/scripts\/keep-previous-assets\.mjs hold dist && vite build /,
    );
    expect(scripts.build).toMatch(
      / && node \.\.\/\.\.\/scripts\/keep-previous-assets\.mjs restore dist$/,
    );
  });

  it('refuses a call without its step and folder', () => {
    expect(() =>
      execFileSync(process.execPath, [script, 'keep'], { cwd: app, stdio: 'pipe' }),
    ).toThrow(/Usage: node scripts\/keep-previous-assets.mjs hold\|restore DIST/);
  });
});
