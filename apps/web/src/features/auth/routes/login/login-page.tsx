import { type LoginRequest, parseScan } from '@backroom/shared';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useScanHandler } from '../../../../app/providers/scanner-provider';
import { usePageTitle } from '../../../../lib/use-page-title';
import { CameraScanButton } from '../../../camera/components/camera-scan-button';
import { useLogin, useMe } from '../../api';

type Method = 'password' | 'pin';

/** Sign in with e-mail and password, e-mail and PIN, or by scanning a badge anywhere on the page. */
export function LoginPage() {
  usePageTitle('Sign in');
  const me = useMe();
  const login = useLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  const [email, setEmail] = useState('');
  const [secret, setSecret] = useState('');
  const next = params.get('next')?.startsWith('/') ? params.get('next')! : '/';

  const signIn = (body: LoginRequest) =>
    login.mutate(body, { onSuccess: () => navigate(next, { replace: true }) });

  useScanHandler((scan) => {
    if (scan.type !== 'quickLogin') return false;
    signIn({ badge: `//QL${scan.userId}/${scan.checksum}//` });
    return true;
  });

  if (me.data) return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A badge scanned while the e-mail field had focus lands in the field: treat it as the scan it is.
    const scanned = parseScan(email);
    if (scanned.type === 'quickLogin') {
      setEmail('');
      signIn({ badge: email.trim() });
      return;
    }
    signIn(method === 'pin' ? { email, pin: secret } : { email, password: secret });
  };

  return (
    <Center component="main" mih="100vh" bg="gray.1">
      <Paper withBorder shadow="sm" p="xl" w={380} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Title order={2}>Backroom</Title>
                <Text c="dimmed" size="sm">
                  Scan your badge, or sign in with your e-mail.
                </Text>
              </div>
              {/* A phone or tablet with no wedge scanner reads the badge with its camera. */}
              <CameraScanButton />
            </Group>
            {login.error && (
              <Alert color="red" role="alert" data-testid="login-error">
                {login.error.message}
              </Alert>
            )}
            <SegmentedControl
              value={method}
              onChange={(value) => {
                setMethod(value as Method);
                setSecret('');
              }}
              data={[
                { value: 'password', label: 'Password' },
                { value: 'pin', label: 'PIN' },
              ]}
            />
            <TextInput
              label="E-mail"
              // The first field takes focus: a user can type at once (a scanned badge lands here and is read as one).
              autoFocus
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {method === 'password' ? (
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value)}
              />
            ) : (
              <PasswordInput
                label="PIN"
                inputMode="numeric"
                autoComplete="off"
                required
                value={secret}
                onChange={(e) => setSecret(e.currentTarget.value.replace(/\D/g, ''))}
              />
            )}
            <Button type="submit" loading={login.isPending} disabled={!email}>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
