import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { maintenancePageOfProduct, type MaintenanceStatus, type Product } from '@stellar/shared';
import type { CachedJson, JsonCache } from '../lib/json-cache';
import { parsedCatalogue } from '../modules/products';
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
  /**
   * By the catalogue's slugs, each rendered once (concurrent first requests share it); null for a
   * page the browser renders (switch on, failed render).
   */
  pages: Map<string, Promise<IndexPage | null>>;
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
 *
 * The renderer (the SSR bundle) is imported on first use, or by load() once the server listens, so
 * that it adds nothing to the start; a product page asked for meanwhile waits for it.
 */
export class ProductPages {
  private rendered: Rendered | null = null;
  private renderer: Promise<RenderProduct | null> | null = null;
  /** Set once the renderer has loaded: until then no page is replayed (see source). */
  private ready = false;

  constructor(
    private readonly template: string,
    private readonly bundle: string,
    private readonly catalogue: JsonCache,
    private readonly maintenance: JsonCache,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!template.includes(ROOT)) throw new Error(`product.html has no empty ${ROOT}`);
  }

  /** Imports the renderer, once; null when the bundle has none or fails to load (logged). */
  load(): Promise<RenderProduct | null> {
    return (this.renderer ??= loadProductRenderer(this.bundle).then(
      (render) => {
        if (!render) this.log.warn({ bundle: this.bundle }, 'no product page renderer in bundle');
        this.ready = true;
        return render;
      },
      (err: unknown) => {
        this.log.error({ err, bundle: this.bundle }, 'product page renderer not loaded');
        this.ready = true;
        return null;
      },
    ));
  }

  /**
   * What the pages depend on, as an object whose identity changes with either answer (a hot read's
   * source, plugins/hot-reads.ts); null while either is not loaded, or the renderer is not.
   */
  readonly source = (): object | null => {
    const catalogue = this.catalogue.peek();
    const maintenance = this.maintenance.peek();
    return this.ready && catalogue && maintenance ? this.current(catalogue, maintenance) : null;
  };

  private current(catalogue: CachedJson, maintenance: CachedJson): Rendered {
    const now = this.rendered;
    if (now?.catalogue === catalogue && now.maintenance === maintenance) return now;
    const data: ProductPageData = {
      products: parsedCatalogue(catalogue),
      maintenance: JSON.parse(maintenance.body) as MaintenanceStatus,
    };
    return (this.rendered = { catalogue, maintenance, data, pages: new Map() });
  }

  /** The rendered page of `slug`, or null when the browser renders it (see above). */
  async page(slug: string): Promise<IndexPage | null> {
    const [render, catalogue, maintenance] = await Promise.all([
      this.load(),
      this.catalogue.get(),
      this.maintenance.get(),
    ]);
    if (!render) return null;
    const { data, pages } = this.current(catalogue, maintenance);
    let page = pages.get(slug);
    if (page) return page;
    // Only the catalogue's slugs are kept: any other is null without rendering.
    if (!data.products.some((product) => product.slug === slug)) return null;
    page = this.build(render, data, slug);
    pages.set(slug, page);
    return page;
  }

  private async build(
    render: RenderProduct,
    data: ProductPageData,
    slug: string,
  ): Promise<IndexPage | null> {
    const switchOf = maintenancePageOfProduct(slug);
    if (switchOf && data.maintenance[switchOf]) return null;
    let markup: string;
    try {
      markup = render(data, slug);
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
    return IndexPage.compressed(Buffer.from(html));
  }
}

/** The product pages of a web build, or null when it has no product.html or no SSR bundle. */
export function productPagesOf(
  files: { template: string; bundle: string },
  sources: { catalogue: JsonCache; maintenance: JsonCache },
  log: FastifyBaseLogger,
): ProductPages | null {
  if (!existsSync(files.template) || !existsSync(files.bundle)) return null;
  return new ProductPages(
    readFileSync(files.template, 'utf8'),
    files.bundle,
    sources.catalogue,
    sources.maintenance,
    log,
  );
}
