import fs from 'node:fs';
const { PGlite } = await import('@electric-sql/pglite');
const extra = process.argv[3] ? JSON.parse(process.argv[3]) : {}; if (extra.sp) { extra.startParams = [...PGlite.defaultStartParams, ...extra.sp]; delete extra.sp; }
const db = await PGlite.create(process.argv[2], extra);
console.log((await db.query('show shared_buffers')).rows, (await db.query('show work_mem')).rows, (await db.query('show wal_buffers')).rows);
await db.query('select 1');
await new Promise(r=>setTimeout(r,2000));
const m = process.memoryUsage();
console.log(`rss=${m.rss>>20} heap=${m.heapUsed>>20} ext=${m.external>>20}`);
const smaps = fs.readFileSync('/proc/self/smaps','utf8').split('\n');
const maps=[]; let cur;
for (const l of smaps) { if (/^[0-9a-f]+-[0-9a-f]+ /.test(l)) { const [range,,,, ,...name]=l.split(/\s+/); const [a,b]=range.split('-').map(x=>parseInt(x,16)); cur={size:(b-a)/2**20,name:name.join(' '),rss:0}; maps.push(cur);} else if (l.startsWith('Rss:')) cur.rss=parseInt(l.split(/\s+/)[1])/1024; }
maps.sort((a,b)=>b.rss-a.rss);
for (const x of maps.slice(0,12)) console.log(x.rss.toFixed(1).padStart(8),'MB rss of', x.size.toFixed(0).padStart(7),'MB', x.name);
await db.close();
