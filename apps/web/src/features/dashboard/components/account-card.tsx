import { Card } from '@/components/ui/card';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorSettings } from './two-factor-settings';

/** Account security: password and two-factor authentication. */
export function AccountCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  return (
    <section aria-labelledby="account-heading">
      <h2 id="account-heading" className="mb-4 text-xl font-bold text-fg">
        Account
      </h2>
      <Card className="flex flex-col gap-6 p-5 sm:p-6">
        <div>
          <h3 className="mb-3 font-semibold text-fg">Two-factor authentication</h3>
          <TwoFactorSettings enabled={twoFactorEnabled} />
        </div>
        <hr className="border-line" />
        <ChangePasswordForm />
      </Card>
    </section>
  );
}
