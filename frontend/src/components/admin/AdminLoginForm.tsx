import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { adminLogin } from '../../lib/admin-api';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';

/** The credentials are checked by the server; nothing secret lives in this bundle. */
export function AdminLoginForm({ onUnlocked }: { onUnlocked: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Please enter both username and password.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await adminLogin(username.trim(), password);
      onUnlocked();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setError('Invalid credentials');
      else if (err instanceof ApiError && err.serverError) setError(err.serverError);
      else setError('Unable to sign in. Please try again.');
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card flush className="mx-auto max-w-sm space-y-4 p-6">
      <h1 className="text-xl font-bold">Admin sign-in</h1>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextField id="admin-username" label="Username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField
          id="admin-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm font-medium text-negative">
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </Card>
  );
}
