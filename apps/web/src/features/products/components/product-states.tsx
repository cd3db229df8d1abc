import { PackageX, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';

export const PRODUCT_NOT_FOUND = 'Product Not Found';

/** An unknown product. */
export function ProductNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-28 text-center sm:px-6">
      <title>{`${PRODUCT_NOT_FOUND} · Stellar`}</title>
      <PackageX aria-hidden="true" className="size-12 text-fg-subtle" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-fg">{PRODUCT_NOT_FOUND}</h1>
      <p className="mt-3 text-fg-muted">
        We could not find that product. It may have been renamed or retired.
      </p>
      <Link to="/" className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}>
        Back to Home
      </Link>
    </div>
  );
}

/** The catalogue could not be read: say why and offer a retry. */
export function ProductsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 sm:px-6">
      <Alert tone="error" title="The products could not be loaded.">
        {message}
      </Alert>
      <div className="mt-6 flex justify-center">
        <Button variant="secondary" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    </div>
  );
}
