import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { MaintenanceStatus, Product } from '@stellar/shared';
import type { CachedJson, JsonCache } from '../lib/json-cache';
import { IndexPage } from './web-page';

/** What a product page is rendered with: the answers of GET /api/products and /api/maintenance/status. */
export interface ProductPageData {
  products: Product[];
  maintenance: MaintenanceStatus;
}

/**
 * The web build's product page renderer (`renderProduct` of apps/web/dist-ssr/pages.js, the
 * `vite build --ssr` of apps/web/src/prerender/pages.ts): the page's markup, its `<title>` included.
 */
export type RenderProduct = (data: ProductPageData, slug: string) => string;

const ROOT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/;
const TITLES = new RegExp(TITLE.source, 'g');

/** The renderer of a web build's SSR bundle, or null when the build left none. */
export async function loadProductRenderer(file: string): Promise<RenderProduct | null> {
  if (!existsSync(file)) return null;
  const bundle = (await import(pathToFileURL(file).href)) as { renderProduct?: RenderProduct };
  return typeof bundle.renderProduct === 'function' ? bundle.renderProduct : null;
}

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

interface Rendered {
  catalogue: CachedJson;
  maintenance: CachedJson;
  /** Both answers parsed, once. */
  data: ProductPageData;
  /** By the catalogue's slugs; null for a page the browser renders (switch on, failed render). */
  pages: Map<string, IndexPage | null>;
}

/**
 * Product pages rendered on the server, so that a launch link paints the product, its features and
 * its prices from the HTML before the app's JavaScript runs (which main.tsx then hydrates). Each page
 * is rendered once per version of the catalogue and the maintenance map (both held in memory and
 * cleared by their events in every process), and kept compressed like index.html.
 *
 * The page is `template` (the build's product.html: index.html running the start-after-paint script)
 * with the markup in #root, the answers it was rendered with in #root's data-page attribute, and the
 * product's title. A product whose maintenance switch is on is left to the browser (which shows the
 * maintenance page, or staff the page with a notice), as is an unknown slug or a render that fails.
 */
export class ProductPages {
  private rendered: Rendered | null = null;

  constructor(
    private readonly template: string,
    private readonly render: RenderProduct,
    private readonly catalogue: JsonCache,
    private readonly maintenance: JsonCache,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!template.includes(ROOT)) throw new Error(`product.html has no empty ${ROOT}`);
  }

  /**
   * What the pages depend on, as an object whose identity changes with either answer (a hot read's
   * source, plugins/hot-reads.ts); null while either is not loaded.
   */
  readonly source = (): object | null => {
    const catalogue = this.catalogue.peek();
    const maintenance = this.maintenance.peek();
    return catalogue && maintenance ? this.current(catalogue, maintenance) : null;
  };

  private current(catalogue: CachedJson, maintenance: CachedJson): Rendered {
    const now = this.rendered;
    if (now?.catalogue === catalogue && now.maintenance === maintenance) return now;
    const data: ProductPageData = {
      products: JSON.parse(catalogue.body) as Product[],
      maintenance: JSON.parse(maintenance.body) as MaintenanceStatus,
    };
    return (this.rendered = { catalogue, maintenance, data, pages: new Map() });
  }

  /** The rendered page of `slug`, or null when the browser renders it (see above). */
  async page(slug: string): Promise<IndexPage | null> {
    const [catalogue, maintenance] = await Promise.all([
      this.catalogue.get(),
      this.maintenance.get(),
    ]);
    const { data, pages } = this.current(catalogue, maintenance);
    let page = pages.get(slug);
    if (page !== undefined) return page;
    // Only the catalogue's slugs are kept: any other is null without rendering.
    if (!data.products.some((product) => product.slug === slug)) return null;
    page = this.build(data, slug);
    pages.set(slug, page);
    return page;
  }

  private build(data: ProductPageData, slug: string): IndexPage | null {
    if (Object.hasOwn(data.maintenance, slug) && data.maintenance[slug]) return null;
    let markup: string;
    try {
      markup = this.render(data, slug);
    } catch (err) {
      this.log.error({ err, slug }, 'product page not rendered on the server');
      return null;
    }
    // React hoists the page's <title> into <head> in the browser: it goes there in the HTML too.
    const title = TITLE.exec(markup)?.[0];
    const attribute = escapeAttribute(JSON.stringify(data));
    let html = this.template.replace(
      ROOT,
      () => `<div id="root" data-page="${attribute}">${markup.replace(TITLES, '')}</div>`,
    );
    if (title) html = html.replace(TITLE, () => title);
    return new IndexPage(Buffer.from(html));
  }
}

/** The product pages of a web build, or null when it has no product.html or no SSR bundle. */
export async function productPagesOf(
  files: { template: string; bundle: string },
  sources: { catalogue: JsonCache; maintenance: JsonCache },
  log: FastifyBaseLogger,
): Promise<ProductPages | null> {
  if (!existsSync(files.template)) return null;
  const render = await loadProductRenderer(files.bundle);
  if (!render) return null;
  return new ProductPages(
    readFileSync(files.template, 'utf8'),
    render,
    sources.catalogue,
    sources.maintenance,
    log,
  );
}
