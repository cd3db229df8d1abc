import { CATALOGUE, type OwnedProduct } from '@stellar/shared';
import { Package } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { OwnedProductCard } from './owned-product-card';
import { SectionHeading } from './section-heading';

// The "Other" entry is a placeholder without a page of its own.
const SHOP_PRODUCTS = CATALOGUE.filter((product) => product.slug !== 'other');

interface OwnedProductsSectionProps {
  products: OwnedProduct[] | undefined;
  isLoading: boolean;
}

/** The spec's "Your Products": one card per licence, or a way to get one. */
export function OwnedProductsSection({ products, isLoading }: OwnedProductsSectionProps) {
  return (
    <section aria-labelledby="owned-products-heading">
      <SectionHeading id="owned-products-heading" count={products?.length}>
        Your Products
      </SectionHeading>
      {isLoading ? (
        <div role="status" aria-label="Loading your products" className="grid gap-4 md:grid-cols-2">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : products && products.length > 0 ? (
        <ul className="grid gap-4 md:grid-cols-2">
          {products.map((product) => (
            <li key={product._id}>
              <OwnedProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : products ? (
        <EmptyProducts />
      ) : null}
    </section>
  );
}

function EmptyProducts() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center">
      <Package aria-hidden="true" className="size-10 text-fg-subtle" />
      <p className="mt-3 font-semibold text-fg">You don&apos;t own any products yet.</p>
      <p className="mt-1 max-w-md text-sm text-fg-muted">
        Redeem a licence key above, or choose a plan for one of our tools.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {SHOP_PRODUCTS.map((product) => (
          <Link
            key={product.slug}
            to={`/product/${product.slug}`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {product.title}
          </Link>
        ))}
      </div>
    </div>
  );
}
