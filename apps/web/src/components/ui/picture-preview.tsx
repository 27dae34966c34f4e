import { CloseOutlined } from '@ant-design/icons';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const TOOLBAR = ['flipY', 'flipX', 'rotateLeft', 'rotateRight', 'zoomOut', 'zoomIn'] as const;

type TToolbarIcons = Record<`${(typeof TOOLBAR)[number]}Icon`, ReactNode>;

/**
 * Ant Design's full-screen picture viewer, its buttons named in the page's language: the toolbar's were named
 * "flipY", "rotateLeft", "zoomIn" (the library's internal words) and its close button "close", in every language.
 * Spread into an `Image`'s or an `Image.PreviewGroup`'s `preview`. A group's previous/next arrows keep their English
 * names ("left", "right"): Ant Design sets their icons itself and offers no way to name them.
 */
export function usePicturePreview() {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      closeIcon: <CloseOutlined aria-label={t('picturePreview.close')} />,
      // Each of Ant Design's buttons, renamed: it keeps its own click, disabled state and place.
      actionsRender: (toolbar: ReactElement, { icons }: { icons: TToolbarIcons }) =>
        cloneElement(
          toolbar as ReactElement<{ children?: ReactNode }>,
          undefined,
          ...TOOLBAR.map((action) => {
            const button = icons[`${action}Icon`];
            return isValidElement<{ 'aria-label'?: string }>(button)
              ? cloneElement(button, { 'aria-label': t(`picturePreview.${action}`) })
              : button;
          }),
        ),
    }),
    [t],
  );
}
