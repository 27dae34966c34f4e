import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { ScrollManager } from './scroll-manager';

export function RootShell() {
  return (
    <>
      <ScrollManager />
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </>
  );
}
