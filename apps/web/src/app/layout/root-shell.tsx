import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { RouteFocus } from './route-focus';
import { ScrollManager } from './scroll-manager';

export function RootShell() {
  return (
    <>
      <ScrollManager />
      <RouteFocus />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
