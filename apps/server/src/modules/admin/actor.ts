import type { TPermission } from '@caravan/contracts';
import { AppError } from '../../http/app-error';

/** Who acts in the console: the staff member and the permissions his role gives him now. */
export type TStaffActor = { id: bigint; permissions: readonly TPermission[] };

/**
 * Staff grant, change and remove only what they hold themselves: a role with staff.manage or roles.manage alone
 * could otherwise give itself every permission, or reset an Administrator's password and take the account
 * (QA console #2). Administrators hold every permission, so they pass.
 */
export function assertWithinOwn(actor: TStaffActor, permissions: readonly string[]) {
  if (permissions.some((permission) => !(actor.permissions as readonly string[]).includes(permission))) {
    throw new AppError('PERMISSION_ABOVE_OWN');
  }
}
