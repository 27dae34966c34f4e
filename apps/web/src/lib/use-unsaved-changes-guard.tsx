import { Button, Modal } from 'antd';
import { type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

type TUnsavedChangesGuard = {
  /** Whether there are changes not saved yet. */
  isDirty: boolean;
  /** Call on every change the user makes (a form's onValuesChange, an edit outside the form). */
  markDirty: () => void;
  /** Call once the changes are saved: leaving right after (even in the same tick) no longer asks. */
  markSaved: () => void;
  /** Render it inside the page: the "discard your unsaved changes?" dialog. */
  guard: ReactNode;
};

/** Asks before an in-app navigation leaves the page while `isBlockingRef` says there are unsaved changes. */
function LeaveConfirm({ isBlockingRef }: { isBlockingRef: { current: boolean } }) {
  const { t } = useTranslation('common');
  // A change of the query alone (a tab, a page of a list) stays on the page and keeps the form.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isBlockingRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const isBlocked = blocker.state === 'blocked';
  return (
    <Modal
      open={isBlocked}
      title={t('unsavedChanges.title')}
      closable={false}
      maskClosable={false}
      onCancel={() => blocker.reset?.()}
      footer={[
        <Button key="stay" type="primary" autoFocus onClick={() => blocker.reset?.()}>
          {t('unsavedChanges.stay')}
        </Button>,
        <Button key="discard" danger onClick={() => blocker.proceed?.()}>
          {t('unsavedChanges.discard')}
        </Button>,
      ]}
    >
      {t('unsavedChanges.body')}
    </Modal>
  );
}

/**
 * Keeps a form's unsaved changes from being lost unseen (QA): an in-app navigation away asks "Discard your unsaved
 * changes?" (React Router's useBlocker, which needs the data router the app is built with), and a reload or a tab
 * closing gets the browser's own `beforeunload` question. The dirty state is kept here, in a ref as well as in
 * state, so that a save followed at once by a navigation (a new product moving to its own address) does not ask.
 * Under a plain <Router> (some component tests) only the `beforeunload` part works.
 */
export function useUnsavedChangesGuard(): TUnsavedChangesGuard {
  const [isDirty, setIsDirty] = useState(false);
  const isBlockingRef = useRef(false);
  const isDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  const markDirty = useCallback(() => {
    isBlockingRef.current = true;
    setIsDirty(true);
  }, []);
  const markSaved = useCallback(() => {
    isBlockingRef.current = false;
    setIsDirty(false);
  }, []);
  useEffect(() => {
    if (!isDirty) {
      return;
    }
    // Added only while dirty: a page with a beforeunload listener is kept out of the browser's back/forward cache.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isBlockingRef.current) {
        event.preventDefault();
        // Older browsers show the question only when returnValue is set.
        event.returnValue = '';
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  return {
    isDirty,
    markDirty,
    markSaved,
    guard: isDataRouter ? <LeaveConfirm isBlockingRef={isBlockingRef} /> : null,
  };
}
