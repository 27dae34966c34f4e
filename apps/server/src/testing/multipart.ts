const BOUNDARY = '----caravan-test-boundary';

/** A multipart body with `moduleName` and one `file` part, as the web and the old apps send uploads. */
export function buildMultipart(file: Buffer, filename: string, contentType: string, moduleName = 'review') {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="moduleName"\r\n\r\n${moduleName}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
