// Caravan's service worker: keeps the app's static files and an offline page, never API answers (they hold
// personal and money data). Pages always come from the network; without one, the offline page answers.
const VERSION = 'caravan-v3';
const OFFLINE_URL = '/offline.html';
const PRECACHE = [
  OFFLINE_URL,
  '/offline.css',
  '/offline.js',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/manifest.webmanifest',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== VERSION).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** Hashed build files never change under their name: the first copy is good for ever. */
function isStaticAsset(url) {
  return (
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/icons/') ||
    url.pathname === '/favicon.svg'
  );
}

function isPrivate(url) {
  return (
    url.pathname.startsWith('/api/') || url.pathname.startsWith('/ws') || url.pathname.startsWith('/data/')
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || isPrivate(url)) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL)));
    return;
  }
  // The offline page's own script and styles: from the network when there is one, else the precached copy
  // (the offline page is blank without them).
  if (PRECACHE.includes(url.pathname) && !isStaticAsset(url)) {
    event.respondWith(
      fetch(request).catch(() => caches.match(url.pathname).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  if (isStaticAsset(url)) {
    event.respondWith(
      caches.open(VERSION).then(async (cache) => {
        const cached = await cache.match(request);
        if (cached) {
          return cached;
        }
        const response = await fetch(request);
        if (response.ok) {
          await cache.put(request, response.clone());
        }
        return response;
      }),
    );
  }
});
