import {
  findSettingDefinition,
  formatMoney,
  isMoneyString,
  multiplyMoney,
  parseMoney,
  type TMoney,
  type TWithdrawNetwork,
  WALLET_SETTINGS,
  WITHDRAW_NETWORKS,
  WITHDRAW_PARAM_CODES,
  WITHDRAW_TIME_WINDOW,
} from '@caravan/contracts';
import { inArray, like, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemParams } from '../../db/schema';

/** Withdrawal rules (system_params, editable by the platform); defaults apply when a code is missing. */
export type TWithdrawSettings = {
  min: TMoney;
  max: TMoney;
  dailyCount: number;
  /** "HH:mm-HH:mm" in UTC; "00:00-24:00" is always open; an end before the start spans midnight. */
  timeWindow: string;
  /** Per network: a fixed USDT fee ("1") or a percentage of the amount ("0.5%"). */
  fees: Record<TWithdrawNetwork, string>;
};

/** The rows a new installation gets: the declarations' defaults (packages/contracts/src/settings/platform.ts). */
export const DEFAULT_WITHDRAW_PARAMS: { code: string; value: string; description: string }[] = Object.entries(
  WALLET_SETTINGS,
).map(([code, definition]) => ({
  code,
  value: definition.defaultValue,
  description: definition.description,
}));

/** A stored value counts only when it satisfies its declaration; otherwise the declared default applies. */
function declaredValue(code: string, value: string | undefined): string | undefined {
  const definition = findSettingDefinition(code);
  if (!definition) {
    return value;
  }
  return value !== undefined && definition.schema.safeParse(value).success ? value : definition.defaultValue;
}

const DEFAULTS = Object.fromEntries(DEFAULT_WITHDRAW_PARAMS.map((p) => [p.code, p.value]));
const FEE_VALUE = /^(\d+(?:\.\d+)?)(%)?$/;

function moneyOr(value: string | undefined, fallback: string): TMoney {
  return value !== undefined && isMoneyString(value) ? parseMoney(value) : parseMoney(fallback);
}

export function isValidFeeSetting(value: string): boolean {
  const match = FEE_VALUE.exec(value.trim());
  return Boolean(
    match?.[1] && isMoneyString(match[1]) && (!match[2] || parseMoney(match[1]) < parseMoney('100')),
  );
}

export async function getWithdrawSettings(db: Executor): Promise<TWithdrawSettings> {
  const rows = await db
    .select({ code: systemParams.code, value: systemParams.value })
    .from(systemParams)
    .where(
      or(
        inArray(systemParams.code, [
          WITHDRAW_PARAM_CODES.min,
          WITHDRAW_PARAM_CODES.max,
          WITHDRAW_PARAM_CODES.dailyCount,
          WITHDRAW_PARAM_CODES.timeWindow,
        ]),
        like(systemParams.code, `${WITHDRAW_PARAM_CODES.feePrefix}%`),
      ),
    );
  const values: Record<string, string> = { ...DEFAULTS };
  for (const row of rows) {
    values[row.code] = declaredValue(row.code, row.value.trim()) ?? row.value.trim();
  }
  const count = /^\d{1,4}$/.test(values[WITHDRAW_PARAM_CODES.dailyCount] ?? '')
    ? Number.parseInt(values[WITHDRAW_PARAM_CODES.dailyCount] ?? '3', 10)
    : 3;
  const window = values[WITHDRAW_PARAM_CODES.timeWindow] ?? '';
  const fees = Object.fromEntries(
    WITHDRAW_NETWORKS.map((network) => {
      const value = values[`${WITHDRAW_PARAM_CODES.feePrefix}${network}`] ?? '0';
      return [
        network,
        isValidFeeSetting(value) ? value : (DEFAULTS[`${WITHDRAW_PARAM_CODES.feePrefix}${network}`] ?? '0'),
      ];
    }),
  ) as Record<TWithdrawNetwork, string>;
  return {
    min: moneyOr(values[WITHDRAW_PARAM_CODES.min], '10'),
    max: moneyOr(values[WITHDRAW_PARAM_CODES.max], '50000'),
    dailyCount: count,
    timeWindow: WITHDRAW_TIME_WINDOW.test(window) ? window : '00:00-24:00',
    fees,
  };
}

/** The fee of one withdrawal: fixed, or a percentage rounded up to the cent. */
export function computeWithdrawFee(setting: string, amount: TMoney): TMoney {
  const match = FEE_VALUE.exec(setting.trim());
  if (!match?.[1]) {
    return 0n;
  }
  const value = parseMoney(match[1]);
  if (!match[2]) {
    return value;
  }
  const exact = multiplyMoney(amount, formatMoney(value / 100n, 0));
  const cent = parseMoney('0.01');
  return ((exact + cent - 1n) / cent) * cent;
}

function minutesOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number.parseInt(h, 10) * 60 + Number.parseInt(m, 10);
}

/** Whether `now` (UTC) falls in the window "HH:mm-HH:mm"; the end minute is excluded. */
export function isInTimeWindow(window: string, now: Date): boolean {
  const [from = '00:00', to = '24:00'] = window.split('-');
  const start = minutesOf(from);
  const end = minutesOf(to);
  const current = now.getUTCHours() * 60 + now.getUTCMinutes();
  if (start === end) {
    return true;
  }
  return start < end ? current >= start && current < end : current >= start || current < end;
}
