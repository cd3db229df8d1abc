import { ROLES, type Role } from '@stellar/shared';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Input, Select } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/class-names';
import { useUsers, type UserStatusFilter } from '../api/get-users';
import { CreateAccountDialog } from './create-account-dialog';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, SectionHeading } from './section-heading';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { UserCard, type Actor } from './user-card';
import type { Feedback } from './user-feedback';

const PAGE_SIZE = 12;
const STATUS_TABS: { value: Exclude<UserStatusFilter, 'all'>; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'banned', label: 'Banned' },
];

/** Users: server-side search and filters, one card per account, Create Account. */
export function UsersSection({ actor }: { actor: Actor }) {
  const searchId = useId();
  const roleId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Exclude<UserStatusFilter, 'all'>>('active');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim());
  const users = useUsers({
    search: debouncedSearch,
    status,
    role: role || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const list = users.data;
  // Deleting the last card of a later page: step back instead of showing an empty page.
  if (list && list.users.length === 0 && list.total > 0 && page > 1) setPage(page - 1);

  const updateFilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <SectionHeading
        title="Users"
        description="Search accounts, change roles, ban, remove or sign in as a user."
        actions={<CreateAccountDialog />}
      />
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="min-w-0 flex-1">
          <Label htmlFor={searchId}>Search users</Label>
          <div className="relative mt-1.5">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
            />
            <Input
              id={searchId}
              type="search"
              placeholder="Username"
              value={search}
              maxLength={50}
              onChange={(event) => updateFilter(setSearch)(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="md:w-44">
          <Label htmlFor={roleId}>Role</Label>
          <Select
            id={roleId}
            value={role}
            onChange={(event) => updateFilter(setRole)(event.target.value as Role | '')}
            className="mt-1.5"
          >
            <option value="">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </div>
        <div
          role="group"
          aria-label="Account status"
          className="flex rounded-lg border border-line-strong p-1"
        >
          {STATUS_TABS.map((tab) => (
            <button
              key={tab.value}
              type="button"
              aria-pressed={status === tab.value}
              onClick={() => updateFilter(setStatus)(tab.value)}
              className={cn(
                'h-9 flex-1 rounded-md px-4 text-sm font-medium transition-colors md:flex-none',
                status === tab.value
                  ? 'bg-accent text-accent-fg'
                  : 'text-fg-muted hover:bg-surface-hover hover:text-fg',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>

      {feedback && (
        <Alert tone={feedback.tone} className="mt-4">
          {feedback.text}
        </Alert>
      )}

      <div
        className="mt-4 flex min-h-6 items-center gap-2 text-sm text-fg-muted"
        aria-live="polite"
      >
        {list && `${list.total} ${list.total === 1 ? 'user' : 'users'}`}
        {users.isFetching && list && <Spinner className="size-4" label="Updating..." />}
      </div>

      {users.isPending ? (
        <div
          role="status"
          aria-label="Loading users"
          className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : users.isError ? (
        <Alert tone="error" title="The users could not be loaded." className="mt-3">
          {getErrorMessage(users.error)}
        </Alert>
      ) : list && list.users.length === 0 ? (
        <div className="mt-3">
          <EmptyState>
            {debouncedSearch || role
              ? 'No users match your search.'
              : status === 'banned'
                ? 'No banned users.'
                : 'No users yet.'}
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list?.users.map((user) => (
            <li key={user._id}>
              <UserCard user={user} actor={actor} onFeedback={setFeedback} />
            </li>
          ))}
        </ul>
      )}

      {list && (
        <div className="mt-4">
          <Pagination
            label="Users pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={list.total}
            onPageChange={setPage}
          />
        </div>
      )}
    </>
  );
}
