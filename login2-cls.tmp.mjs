import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
for (let run = 0; run < 4; run++) {
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
await page.addInitScript(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push({ value: e.value, t: Math.round(e.startTime), sources: (e.sources || []).map((s) => (s.node ? s.node.nodeName + '.' + (s.node.className || '') : '?') + JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height])) });
  }).observe({ type: 'layout-shift', buffered: true });
  window.__fcp = null;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = Math.round(e.startTime); }).observe({ type: 'paint', buffered: true });
});
await page.goto('http://127.0.0.1:3410/login');
await page.waitForTimeout(3000);
console.log(JSON.stringify(await page.evaluate(() => [window.__fcp, window.__shifts])));
await context.close();
}
await browser.close();
