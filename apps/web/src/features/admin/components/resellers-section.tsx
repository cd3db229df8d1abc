import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { useProducts } from '../api/get-products';
import { useResellers } from '../api/get-resellers';
import { ResellerCard } from './reseller-card';
import { EmptyState, SectionHeading } from './section-heading';

/** Resellers & Product Access: balances, allowed products, grants, credits and debits. */
export function ResellersSection() {
  const resellers = useResellers();
  const products = useProducts();
  const heading = (
    <SectionHeading
      title="Resellers & Product Access"
      description="Which products each reseller may sell, and their balance."
    />
  );

  if (resellers.isPending) {
    return (
      <div role="status" aria-label="Loading resellers">
        {heading}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );
  }
  if (resellers.isError) {
    return (
      <>
        {heading}
        <Alert tone="error" title="The resellers could not be loaded.">
          {getErrorMessage(resellers.error)}
        </Alert>
      </>
    );
  }

  return (
    <>
      {heading}
      {products.isError && (
        <Alert tone="warning" className="mb-4">
          The product list could not be loaded, so products cannot be granted right now.
        </Alert>
      )}
      {resellers.data.length === 0 ? (
        <EmptyState>No resellers yet. Give a user the Reseller role in Users.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {resellers.data.map((reseller) => (
            <li key={reseller._id}>
              <ResellerCard reseller={reseller} products={products.data} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
