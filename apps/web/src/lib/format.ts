import dayjs from 'dayjs';

/** ARCHITECTURE.md: dates as YYYY-MM-DD HH:mm:ss in the viewer's zone, `--` when empty. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '--';
}
