import { BUILT_IN_ROLES, type TBuiltInRoleKey } from '@caravan/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const builtInKeyByName = new Map<string, TBuiltInRoleKey>(
  (Object.keys(BUILT_IN_ROLES) as TBuiltInRoleKey[]).map((key) => [BUILT_IN_ROLES[key].name, key]),
);

/**
 * A role's name and description in the reader's language: the built-in roles are stored with their English names
 * (the server finds them by name), which the consoles showed to every reader. A description an administrator
 * rewrote is shown as written.
 */
export function useRoleText() {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      name: (name: string) => {
        const key = builtInKeyByName.get(name);
        return key ? t(`roles.builtIn.${key}.name`) : name;
      },
      description: (role: { name: string; description: string }) => {
        const key = builtInKeyByName.get(role.name);
        return key && BUILT_IN_ROLES[key].description === role.description
          ? t(`roles.builtIn.${key}.description`)
          : role.description;
      },
    }),
    [t],
  );
}
