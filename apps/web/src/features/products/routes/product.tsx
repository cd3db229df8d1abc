import { CircleCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { getErrorMessage } from '@/lib/api-client';
import { useSessionToken } from '@/lib/session';
import { useProducts } from '../api/get-products';
import { PlanCard } from '../components/plan-card';
import { ProductPageSkeleton } from '../components/product-skeletons';

// An unknown product and a failed catalogue read are rare: their screens load when needed, so a
// product page (rendered by the server, docs/benchmarks.md) loads less.
const ProductNotFound = lazy(async () => ({
  default: (await import('../components/product-states')).ProductNotFound,
}));
const ProductsError = lazy(async () => ({
  default: (await import('../components/product-states')).ProductsError,
}));

/** /product/:slug: a product's description, key features and plans. */
export function ProductRoute() {
  const { slug } = useParams();
  const products = useProducts();
  const signedIn = useSessionToken() !== null;

  if (products.isPending) return <ProductPageSkeleton />;
  if (products.isError) {
    return (
      <Suspense fallback={<ProductPageSkeleton />}>
        <ProductsError
          message={getErrorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      </Suspense>
    );
  }
  const product = products.data.find((candidate) => candidate.slug === slug);
  if (!product) {
    return (
      <Suspense fallback={<ProductPageSkeleton />}>
        <ProductNotFound />
      </Suspense>
    );
  }
  const longest = Math.max(...product.pricing.map((plan) => plan.durationDays));

  return (
    <div className="relative isolate overflow-hidden">
      <title>{`${product.title} · Stellar`}</title>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-[-12rem] left-1/2 -z-10 h-[28rem] w-[48rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-accent/15 blur-[120px]"
      />
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-widest text-accent-text uppercase">
            Stellar product
          </p>
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">
            {product.title}
          </h1>
          <p className="mt-5 text-lg text-pretty text-fg-muted">{product.description}</p>
        </header>

        <section aria-labelledby="features-title" className="mt-14">
          <h2 id="features-title" className="text-2xl font-bold tracking-tight text-fg">
            Key Features
          </h2>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {product.features.map((feature) => (
              <li
                key={feature}
                className="flex items-start gap-3 rounded-xl border border-line bg-surface/70 px-4 py-3.5 text-fg"
              >
                <CircleCheck
                  aria-hidden="true"
                  className="mt-0.5 size-5 shrink-0 text-accent-text"
                />
                {feature}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="pricing-title" className="mt-16">
          <h2 id="pricing-title" className="text-2xl font-bold tracking-tight text-fg">
            Pricing Options
          </h2>
          <p className="mt-2 text-fg-muted">
            Longer plans cost less per day. Every plan includes updates and support.
          </p>
          <ul className="mt-8 grid gap-6 lg:grid-cols-3">
            {product.pricing.map((plan) => (
              <li key={plan.plan}>
                <PlanCard
                  productSlug={product.slug}
                  plan={plan}
                  signedIn={signedIn}
                  featured={plan.durationDays === longest}
                />
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
