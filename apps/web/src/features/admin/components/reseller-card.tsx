import type { Product } from '@stellar/shared';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import type { ResellerEntry } from '../api/get-resellers';
import { useGrantResellerProduct } from '../api/grant-reseller-product';
import { useRevokeResellerProduct } from '../api/revoke-reseller-product';
import { BalanceForm } from './balance-form';
import { formatDollars } from '@stellar/shared';
import { reportAdminError } from './report-admin-error';

interface ResellerCardProps {
  reseller: ResellerEntry;
  products: Product[] | undefined;
}

/** One reseller: balance, the products they may sell (revocable), a grant control, a balance form. */
export function ResellerCard({ reseller, products }: ResellerCardProps) {
  const selectId = useId();
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantResellerProduct();
  const revoke = useRevokeResellerProduct();
  const granted = new Set(reseller.products.map((product) => product._id));
  const grantable = (products ?? []).filter((product) => !granted.has(product._id));

  const onGrant = async () => {
    if (!productId) return;
    setError(null);
    try {
      await grant.mutateAsync({ resellerId: reseller._id, productId });
      setProductId('');
    } catch (failure) {
      setError(reportAdminError(`grant a product to ${reseller.username}`, failure));
    }
  };

  const onRevoke = async (product: { _id: string; title: string }) => {
    setError(null);
    try {
      await revoke.mutateAsync({ resellerId: reseller._id, productId: product._id });
    } catch (failure) {
      setError(reportAdminError(`revoke ${product.title} from ${reseller.username}`, failure));
    }
  };

  return (
    <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold text-fg">{reseller.username}</h3>
        <p className="text-sm text-fg-muted">
          Balance{' '}
          <span className="font-semibold text-fg tabular-nums">
            {formatDollars(reseller.balance)}
          </span>
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <h4 className="text-sm font-medium text-fg-muted">Products</h4>
        {reseller.products.length === 0 ? (
          <p className="mt-2 text-sm text-fg-subtle">No products yet: grant one below.</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {reseller.products.map((product) => (
              <li
                key={product._id}
                className="inline-flex items-center gap-1 rounded-full border border-accent-text/40 bg-accent/15 py-0.5 pr-1 pl-3 text-sm text-accent-text"
              >
                {product.title}
                <button
                  type="button"
                  aria-label={`Remove ${product.title} from ${reseller.username}`}
                  disabled={revoke.isPending}
                  onClick={() => onRevoke(product)}
                  className="grid size-6 place-items-center rounded-full hover:bg-accent/30 disabled:opacity-50"
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void onGrant();
        }}
      >
        <div className="min-w-0 flex-1 basis-44">
          <Label htmlFor={selectId}>Grant a product</Label>
          <Select
            id={selectId}
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
            disabled={!products || grantable.length === 0}
            className="mt-1.5"
          >
            <option value="">
              {!products
                ? 'Loading products...'
                : grantable.length === 0
                  ? 'All products granted'
                  : 'Choose a product'}
            </option>
            {grantable.map((product) => (
              <option key={product._id} value={product._id}>
                {product.title}
              </option>
            ))}
          </Select>
        </div>
        <Button
          type="submit"
          variant="secondary"
          className="h-11"
          disabled={!productId || grant.isPending}
        >
          {grant.isPending ? (
            <Spinner className="size-4" />
          ) : (
            <Plus aria-hidden="true" className="size-4" />
          )}
          Grant
        </Button>
      </form>
      <BalanceForm reseller={reseller} />
    </Card>
  );
}
