import { AdminCard } from './admin-list.tsx';
import { useId, useState } from 'react';
import { Search, Users } from 'lucide-react';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { useAdminUsers } from './admin-queries.ts';
import { UserRow } from './user-row.tsx';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

/** Users: search by email or name, the accounts newest first, 50 at a time, and their changes. */
export function UsersSection({ viewerId }: { viewerId: string }) {
  const searchId = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const users = useAdminUsers(query);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const total = users.data?.pages.at(-1)?.total ?? 0;
  const isSearching = users.isFetching && !users.isFetchingNextPage;

  return (
    <AdminCard
      title="Users"
      description={
        users.data
          ? `${total === 1 ? '1 account' : `${total.toLocaleString('en')} accounts`}${query ? ` matching “${query}”` : ''}, newest first.`
          : 'Accounts on this Kiln server, newest first.'
      }
      action={
        <div className="grid w-full gap-2 sm:max-w-xs">
          <Label htmlFor={searchId} className="sr-only">
            Search users
          </Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by email or name"
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
              className="pr-9 pl-9"
            />
            {isSearching && users.data ? (
              <span className="absolute top-1/2 right-3 -translate-y-1/2 text-muted-foreground">
                <Spinner label="Searching" />
              </span>
            ) : null}
          </div>
        </div>
      }
      actionAlign="end"
      liveDescription
    >
      {users.error ? (
        <ErrorAlert>{users.error.message}</ErrorAlert>
      ) : !users.data ? (
        <div role="status" aria-label="Loading users" className="grid gap-4 border-t pt-4">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          className="border-t"
          icon={<Users />}
          title="No accounts found"
          description={query ? `No email or name contains “${query}”.` : 'Nobody has signed up yet.'}
          headingLevel="h2"
        />
      ) : (
        <>
          <ul aria-label="Accounts" className="divide-y border-t">
            {rows.map((user) => (
              <UserRow key={user.id} user={user} isViewer={user.id === viewerId} />
            ))}
          </ul>
          {users.hasNextPage ? (
            <div className="flex flex-col items-center gap-2 border-t pt-4">
              <p className="text-xs text-muted-foreground">
                Showing {rows.length.toLocaleString('en')} of {total.toLocaleString('en')}
              </p>
              <Button
                variant="outline"
                onClick={() => void users.fetchNextPage()}
                disabled={users.isFetchingNextPage}
                aria-busy={users.isFetchingNextPage || undefined}
              >
                {users.isFetchingNextPage ? <Spinner /> : null}
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}
    </AdminCard>
  );
}
