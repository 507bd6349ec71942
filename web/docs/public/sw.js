// The manual offline once loaded: on install, every file of the built site (offline.json, written by
// the build) goes into the cache; a request goes to the network first (so a reader online always
// gets the current build) and falls back to the cache when there is no connection.
const CACHE = 'posenc-manual';

self.addEventListener('install', (event) => event.waitUntil((async () => {
  const files = await (await fetch('offline.json', { cache: 'no-cache' })).json();
  await (await caches.open(CACHE)).addAll(files);
  await self.skipWaiting();
})()));

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
    }
    return response;
  }, async () => (await caches.match(request, { ignoreSearch: true })) ?? Response.error()));
});
