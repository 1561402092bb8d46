import { useId, useState, type FormEvent } from 'react';
import { ExternalLink, KeyRound } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { describedBy, FormField } from '../components/ui/form-field.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useConnectWithToken } from '../lib/codehost-queries.ts';
import type { CodeHostConnection } from '../lib/codehost-types.ts';

/** GitHub's page for a new fine-grained personal access token. */
const NEW_TOKEN_URL = 'https://github.com/settings/personal-access-tokens/new';

interface TokenFormProps {
  userId: string;
  onConnected: (connection: CodeHostConnection) => void;
}

/**
 * The third way to connect (issue 15): a fine-grained personal access token. The server checks it
 * with GitHub before keeping it (400 `invalid-token` with GitHub's reason).
 */
export function TokenForm({ userId, onConnected }: TokenFormProps) {
  const id = useId();
  const fieldId = `${id}-token`;
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connect = useConnectWithToken(userId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = token.trim();
    if (value === '') {
      setError('Please paste a personal access token.');
      return;
    }
    setError(null);
    connect.mutate(value, {
      onSuccess: (connection) => {
        setToken('');
        onConnected(connection);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField
        id={fieldId}
        label="Personal access token"
        error={error}
        hint={
          <>
            A fine-grained token with access to all repositories and the permissions Administration, Contents
            (read and write) and Metadata (read).{' '}
            <a
              href={NEW_TOKEN_URL}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-0.5 font-medium text-foreground underline underline-offset-2"
            >
              Create one on GitHub
              <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          </>
        }
      >
        <PasswordInput
          id={fieldId}
          value={token}
          onChange={(event) => {
            setToken(event.target.value);
            if (error) setError(null);
          }}
          placeholder="github_pat_…"
          autoComplete="off"
          spellCheck={false}
          disabled={connect.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, error, true)}
        />
      </FormField>
      <Button
        type="submit"
        className="justify-self-start"
        disabled={connect.isPending}
        aria-busy={connect.isPending || undefined}
      >
        {connect.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
        {connect.isPending ? 'Checking token...' : 'Connect with token'}
      </Button>
    </form>
  );
}
