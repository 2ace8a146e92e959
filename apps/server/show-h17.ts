import { readFileSync } from 'node:fs';
import { markOffline } from './src/marking/offline/offline-marker';
const ids = new Set(process.argv.slice(2));
for (const f of ['asap-sas-train.jsonl', 'saf-en-train.jsonl'])
  for (const l of readFileSync(`/work/shared/data/marking/${f}`, 'utf8').trim().split('\n')) {
    const r = JSON.parse(l);
    if (!ids.has(r.id)) continue;
    const m = markOffline(r);
    console.log(r.id, m.score, r.humanScore, '\n ', m.aiComment, '\n ', m.suggestion);
  }
