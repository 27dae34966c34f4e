import type { TChatConversation } from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { auditLog, chatMessages, products, stores, systemParams } from '../../db/schema';
import { createTestStaff } from '../../testing/fixtures';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createTestProduct, createTestStore, createTestUser, type TTestUser } from '../orders/test-fixtures';
import { clearChatSettingsCache } from './settings';

type TErr = { error: { code: string; message: string } };
type TLegacy = { code: number; msg: string; data: unknown };

/** QA of 2026-12-04 (chat and uploads), findings 4-9: the chat's rules hold whatever way a message comes. */
describe('chat rules', () => {
  let ctx: TTestContext;
  let db: Database;
  let buyer: TTestUser;
  let seller: TTestUser;
  let storeId: bigint;
  let serviceId: string;
  let colour = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    db = ctx.database.db;
    buyer = await createTestUser(db);
    seller = await createTestUser(db);
    storeId = await createTestStore(db, seller.id, 'Rules shop');
    serviceId = json<TChatConversation>(
      await call('POST', '/api/v1/chat/conversations', buyer.token, { kind: 'service' }),
    ).id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const code = (res: { json: () => unknown }) => (res.json() as TErr).error.code;

  /** A new picture (a colour not used before) in `format`, `size` pixels square. */
  async function picture(format: 'png' | 'jpeg' | 'gif' | 'webp', size = 40): Promise<Buffer> {
    colour += 1;
    return sharp({
      create: { width: size, height: size, channels: 3, background: { r: colour, g: 90, b: 200 - colour } },
    })
      .toFormat(format)
      .toBuffer();
  }

  /** A PNG of `size` pixels square that does not compress: about 3 bytes a pixel. */
  function noisyPng(size: number): Promise<Buffer> {
    colour += 1;
    const pixels = Buffer.from(Array.from({ length: size * size * 3 }, (_, i) => (i * 7919 + colour) % 251));
    return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }

  async function upload(token: string, file: Buffer, moduleName: string, query = ''): Promise<string> {
    const body = buildMultipart(file, 'photo', 'image/png', moduleName);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/uploads${query}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ url: string }>(res).url;
  }

  const sendPicture = (url: string, lang = 'en') =>
    call('POST', `/api/v1/chat/conversations/${serviceId}/messages?lang=${lang}`, buyer.token, {
      type: 'img',
      content: url,
    });

  it('#5: sends a picture uploaded for another module only within the chat picture rule', async () => {
    // A GIF uploaded for a review is a fine review picture, and no chat picture.
    const gif = await upload(buyer.token, await picture('gif'), 'review');
    const gifSent = await sendPicture(gif);
    expect(gifSent.statusCode).toBe(415);
    expect(code(gifSent)).toBe('CHAT_IMAGE_TYPE');

    // A PNG over chat_image_max_kb, uploaded for a review, is refused by the size rule, in the reader's language.
    await db
      .insert(systemParams)
      .values({ code: 'chat_image_max_kb', value: '100' })
      .onConflictDoUpdate({ target: systemParams.code, set: { value: '100' } });
    clearChatSettingsCache(db);
    try {
      const big = await upload(buyer.token, await noisyPng(200), 'review');
      const bigSent = await sendPicture(big, 'fr');
      expect(bigSent.statusCode).toBe(413);
      expect(code(bigSent)).toBe('IMAGE_TOO_LARGE');
    } finally {
      await db.delete(systemParams).where(eq(systemParams.code, 'chat_image_max_kb'));
      clearChatSettingsCache(db);
    }

    // A JPEG within the rule goes, whatever it was uploaded for.
    const jpeg = await upload(buyer.token, await picture('jpeg'), 'review');
    expect((await sendPicture(jpeg)).statusCode).toBe(200);
  });

  it('#9: says upload size limits with the unit of the reader’s language', async () => {
    await db
      .insert(systemParams)
      .values({ code: 'chat_image_max_kb', value: '1024' })
      .onConflictDoUpdate({ target: systemParams.code, set: { value: '1024' } });
    clearChatSettingsCache(db);
    try {
      const noisy = await noisyPng(700);
      expect(noisy.length).toBeGreaterThan(1024 * 1024);
      const messages: Record<string, string> = {};
      for (const lang of ['en', 'fr', 'ru']) {
        const body = buildMultipart(noisy, 'photo', 'image/png', 'chat');
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/uploads?lang=${lang}`,
          headers: { ...bearer(buyer.token), ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(413);
        messages[lang] = (res.json() as TErr).error.message;
      }
      // French and Russian put a no-break space between the figure and the unit.
      expect(messages.en).toContain('1 MB');
      expect(messages.fr).toMatch(/1\s?Mo/);
      expect(messages.ru).toMatch(/1\s?МБ/);
    } finally {
      await db.delete(systemParams).where(eq(systemParams.code, 'chat_image_max_kb'));
      clearChatSettingsCache(db);
    }

    // The upload limit itself (10 MB) as well.
    const huge = buildMultipart(Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'huge.png', 'image/png', 'review');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/uploads?lang=fr',
      headers: { ...bearer(buyer.token), ...huge.headers },
      payload: huge.payload,
    });
    expect(refused.statusCode).toBe(413);
    expect((refused.json() as TErr).error.message).toMatch(/10\s?Mo/);
  });

  it('#6: refuses a reference to a size of a picture that was never stored, by REST, socket and legacy', async () => {
    const url = await upload(buyer.token, await picture('png'), 'chat');
    const missing = url.replace(/-\d+\.webp$/, '-77777.webp');
    const rest = await sendPicture(missing);
    expect(rest.statusCode).toBe(400);
    expect(code(rest)).toBe('IMAGE_REFERENCE_INVALID');

    const legacy = json<TLegacy>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/newOnlinechat!send.action',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${buyer.token}&type=img&content=${encodeURIComponent(missing)}`,
      }),
    );
    expect(legacy.code).toBe(1);

    const socket = await ctx.app.injectWS('/ws', { headers: bearer(buyer.token) });
    const frames: Record<string, unknown>[] = [];
    socket.on('message', (raw: Buffer) => frames.push(JSON.parse(raw.toString()) as Record<string, unknown>));
    socket.send(
      JSON.stringify({
        type: 'send',
        conversationId: serviceId,
        message: { type: 'img', content: missing, clientId: 'ws-missing' },
      }),
    );
    await expect
      .poll(() => frames.find((f) => f.type === 'error' || f.type === 'sent'))
      .toMatchObject({
        type: 'error',
        code: 'IMAGE_REFERENCE_INVALID',
      });
    socket.terminate();

    const stored = await db.select().from(chatMessages).where(eq(chatMessages.content, missing));
    expect(stored).toEqual([]);
    // The size that exists goes.
    expect((await sendPicture(url)).statusCode).toBe(200);
  });

  it('#7: opens a shop chat with a card only of a product on sale, and a suspended shop only about an order', async () => {
    const open = (body: object) =>
      call('POST', '/api/v1/chat/conversations', buyer.token, { kind: 'shop', ...body });
    const offShelf = (await createTestProduct(db, storeId, { isOnShelf: false })).productId;
    const deleted = (await createTestProduct(db, storeId)).productId;
    await db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted));
    const takenDown = (await createTestProduct(db, storeId)).productId;
    await db
      .update(products)
      .set({ isOnShelf: false, takenDownAt: new Date(), takenDownReason: 'counterfeit' })
      .where(eq(products.id, takenDown));
    for (const productId of [offShelf, deleted, takenDown]) {
      const res = await open({ storeId: String(storeId), productId: String(productId) });
      expect(res.statusCode).toBe(404);
      expect(code(res)).toBe('PRODUCT_NOT_FOUND');
    }
    const onSale = (await createTestProduct(db, storeId)).productId;
    const opened = await open({ storeId: String(storeId), productId: String(onSale) });
    expect(opened.statusCode).toBe(200);
    const conversationId = json<TChatConversation>(opened).id;
    const cards = await db.select().from(chatMessages).where(eq(chatMessages.type, 'product'));
    expect(cards.map((c) => c.content)).toEqual([String(onSale)]);

    await db.update(stores).set({ status: 'suspended' }).where(eq(stores.id, storeId));
    try {
      const withProduct = await open({ storeId: String(storeId), productId: String(onSale) });
      expect(code(withProduct)).toBe('STORE_NOT_FOUND');
      const plain = await open({ storeId: String(storeId) });
      expect(plain.statusCode).toBe(404);
      expect(code(plain)).toBe('STORE_NOT_FOUND');
      // The conversation itself goes on (the shop still ships its paid orders).
      const sent = await call('POST', `/api/v1/chat/conversations/${conversationId}/messages`, buyer.token, {
        type: 'text',
        content: 'Where is my parcel?',
      });
      expect(sent.statusCode).toBe(200);
    } finally {
      await db.update(stores).set({ status: 'active' }).where(eq(stores.id, storeId));
    }
  });

  it('#8: fills a legacy list page with text and pictures, short only at the end of the history', async () => {
    const other = await createTestUser(db);
    const conversationId = json<TChatConversation>(
      await call('POST', '/api/v1/chat/conversations', other.token, { kind: 'service' }),
    ).id;
    const productId = (await createTestProduct(db, storeId)).productId;
    const [first] = await db
      .insert(chatMessages)
      .values(
        Array.from({ length: 9 }, (_, i) => ({
          conversationId: BigInt(conversationId),
          sender: 'buyer' as const,
          senderUserId: other.id,
          // Every third message a product card, which the old apps do not know.
          type: i % 3 === 2 ? ('product' as const) : ('text' as const),
          content: i % 3 === 2 ? String(productId) : `text ${i}`,
        })),
      )
      .returning({ id: chatMessages.id });
    expect(first).toBeDefined();
    const list = async (query: string) =>
      json<TLegacy>(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/newOnlinechat!list.action?token=${other.token}&pageSize=3${query}`,
        }),
      ).data as { id: string; content: string }[];
    const newest = await list('');
    expect(newest.map((m) => m.content)).toEqual(['text 4', 'text 6', 'text 7']);
    const older = await list(`&message_id=${newest[0]!.id}`);
    expect(older.map((m) => m.content)).toEqual(['text 0', 'text 1', 'text 3']);
    expect(await list(`&message_id=${older[0]!.id}`)).toEqual([]);
  });

  describe('#4: claiming a conversation', () => {
    let agent: { id: bigint; token: string };
    let colleague: { id: bigint; token: string };

    beforeAll(async () => {
      agent = await createTestStaff(db, ['chat.answer']);
      colleague = await createTestStaff(db, ['chat.answer']);
    });

    async function waitingConversation(): Promise<string> {
      const customer = await createTestUser(db);
      const id = json<TChatConversation>(
        await call('POST', '/api/v1/chat/conversations', customer.token, { kind: 'service' }),
      ).id;
      await call('POST', `/api/v1/chat/conversations/${id}/messages`, customer.token, {
        type: 'text',
        content: 'Hello?',
      });
      return id;
    }

    it('gives a waiting conversation to one of two agents claiming at once; the other gets a 409 naming them', async () => {
      const id = await waitingConversation();
      const claims = await Promise.all(
        [agent, colleague].map((who) =>
          call('POST', `/api/v1/cs/conversations/${id}/claim?lang=de`, who.token),
        ),
      );
      expect(claims.map((r) => r.statusCode).sort(), claims[0]!.body).toEqual([200, 409]);
      const won = json<TChatConversation>(claims.find((r) => r.statusCode === 200)!);
      const lost = claims.find((r) => r.statusCode === 409)!;
      expect(code(lost)).toBe('CHAT_ALREADY_CLAIMED');
      expect((lost.json() as TErr).error.message).toContain(won.agent!.name);
      expect((lost.json() as TErr).error.message).not.toContain('{{');
      const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(audits.filter((a) => a.action === 'chat.claim')).toHaveLength(1);
      // Claiming one's own again changes nothing.
      const winner = won.agent!.id === String(agent.id) ? agent : colleague;
      expect((await call('POST', `/api/v1/cs/conversations/${id}/claim`, winner.token)).statusCode).toBe(200);
    });

    it("takes a colleague's conversation over only when the agent names that colleague, audited", async () => {
      const id = await waitingConversation();
      expect(
        (await call('POST', `/api/v1/cs/conversations/${id}/claim`, colleague.token, {})).statusCode,
      ).toBe(200);
      const plain = await call('POST', `/api/v1/cs/conversations/${id}/claim`, agent.token, {});
      expect(plain.statusCode).toBe(409);
      // Named wrongly (it changed hands since the agent confirmed): refused as well.
      const stale = await call('POST', `/api/v1/cs/conversations/${id}/claim`, agent.token, {
        takeOverFrom: String(agent.id + 1000n),
      });
      expect(code(stale)).toBe('CHAT_ALREADY_CLAIMED');
      const takeOver = await call('POST', `/api/v1/cs/conversations/${id}/claim`, agent.token, {
        takeOverFrom: String(colleague.id),
      });
      expect(takeOver.statusCode).toBe(200);
      expect(json<TChatConversation>(takeOver).agent?.id).toBe(String(agent.id));
      const audits = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
      expect(
        audits.filter((a) => a.action === 'chat.claim').map((a) => (a.details as { before: unknown }).before),
      ).toEqual([
        { status: 'waiting', agentStaffId: null },
        { status: 'open', agentStaffId: String(colleague.id) },
      ]);
      const bad = await call('POST', `/api/v1/cs/conversations/${id}/claim`, agent.token, {
        takeOverFrom: 'x!',
      });
      expect(bad.statusCode).toBeLessThan(500);
    });
  });
});
