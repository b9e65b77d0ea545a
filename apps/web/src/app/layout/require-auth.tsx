import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../../features/auth/api';
import { AppFrameSkeleton } from './app-frame-skeleton';

export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) {
    return <AppFrameSkeleton />;
  }
  if (!me.data) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return <Outlet />;
}
