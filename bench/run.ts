// npm run bench [-- event-store | skins-list [--skins-list-skins=100000 --skins-list-seconds=10] | payouts [--orders=100000] | downloads [--seconds=30] |
// reconcile [--reconcile-orders=200000 --reconcile-downloads=400000] | load [--seconds=60 --load-mixes=false] |
// cluster [--cluster-seconds=10 --failovers=3] |
// dashboards [--dashboard-skins=100000 --dashboard-orders=1000000 --dashboard-downloads=5000000
// --dashboard-seconds=30 --dashboard-projected-downloads=500000 --dashboard-verify-fill] |
// event-partitions [--partitions-data-dir=DIR --partitions-orders=200000 --partitions-downloads=400000] |
// lighthouse [--lighthouse-runs=3] | snapshots [--snapshot-downloads=1000000 --snapshot-months=12] |
// search [--search-skins=100000 --search-seconds=20 --search-rate=50 --search-keep=DIR]]: prints the figures as JSON, on a throw-away database.
import os from 'node:os';
import path from 'node:path';
import { openBenchDatabase } from './bench-database';
import { ratiosOf } from './ratios';
import { benchCluster } from './cluster.bench';
import { benchDashboards } from './dashboards.bench';
import { benchDownloads } from './downloads.bench';
import { benchEventStore } from './event-store.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchLoad } from './load.bench';
import { benchPayouts } from './payouts.bench';
import { benchSearch } from './search.bench';
import { benchReconcile } from './reconcile.bench';
import { benchEventPartitions } from './event-partitions.bench';
import { benchSkinsList } from './skins-list.bench';
import { benchSnapshots } from './snapshots.bench';

const args = process.argv.slice(2);
const parts = args.filter((arg) => !arg.startsWith('--'));
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const wanted = (name: string) => parts.length === 0 || parts.includes(name);

const startedAt = new Date().toISOString();
const db = await openBenchDatabase();
try {
  const figures: Record<string, unknown> = {
    startedAt,
    machine: { cpus: os.cpus().length, node: process.version },
  };
  if (wanted('event-store')) figures.eventStore = await benchEventStore(db, { replayEvents: 100_000 });
  if (wanted('skins-list'))
    figures.skinsList = await benchSkinsList(db, {
      seconds: Number(option('skins-list-seconds') ?? 10),
      skins: Number(option('skins-list-skins') ?? 100_000),
    });
  if (wanted('payouts')) {
    figures.payouts = await benchPayouts(db, {
      orders: Number(option('orders') ?? 100_000),
      authors: 1_000,
      allocationBatchSize: 1_000,
    });
  }
  if (wanted('downloads')) {
    figures.downloads = await benchDownloads(db, { seconds: Number(option('seconds') ?? 30) });
  }
  if (wanted('reconcile')) {
    // A database of its own: its order history would collide with the payouts bench's.
    const own = await openBenchDatabase();
    try {
      figures.reconcile = await benchReconcile(own, {
        orders: Number(option('reconcile-orders') ?? 200_000),
        downloads: Number(option('reconcile-downloads') ?? 400_000),
        authors: 1_000,
      });
    } finally {
      await own.close();
    }
  }
  // Only when named: two minutes of load against a server process of its own.
  if (parts.includes('load')) {
    const own = await openBenchDatabase();
    try {
      figures.load = await benchLoad(own, {
        seconds: Number(option('load-seconds') ?? option('seconds') ?? 60),
        // --load-mixes=false: only the 2,000 distinct heavy queries and the memory they leave.
        mixes: option('load-mixes') !== 'false',
      });
    } finally {
      await own.close();
    }
  }
  // Only when named: at its default size it writes six million events and runs for half an hour.
  if (parts.includes('dashboards')) {
    // A database of its own: its catalogue and order history would collide with the other benches'.
    const own = await openBenchDatabase();
    try {
      figures.dashboards = await benchDashboards(own, {
        skins: Number(option('dashboard-skins') ?? 100_000),
        orders: Number(option('dashboard-orders') ?? 1_000_000),
        downloads: Number(option('dashboard-downloads') ?? 5_000_000),
        seconds: Number(option('dashboard-seconds') ?? 30),
        requestsPerSecond: 20,
        projectedDownloads: Number(option('dashboard-projected-downloads') ?? 500_000),
        verifyFill: args.includes('--dashboard-verify-fill'),
      });
    } finally {
      await own.close();
    }
  }
  // Only when named: three app processes of its own.
  if (parts.includes('cluster')) {
    const own = await openBenchDatabase();
    try {
      figures.cluster = await benchCluster(own, {
        seconds: Number(option('cluster-seconds') ?? 10),
        failovers: Number(option('failovers') ?? 3),
      });
    } finally {
      await own.close();
    }
  }
  // Only when named: migration 061 on about a million events (a server of its own; with
  // --partitions-data-dir=… the seeded database is kept there and reused by later runs).
  if (parts.includes('event-partitions')) {
    figures.eventPartitions = await benchEventPartitions({
      dataDir: option('partitions-data-dir'),
      orders: Number(option('partitions-orders') ?? 200_000),
      downloads: Number(option('partitions-downloads') ?? 400_000),
      authors: 1_000,
    });
  }
  // Only when named: Lighthouse in Chromium against the app with its demo data, a few minutes.
  if (parts.includes('lighthouse')) {
    const own = await openBenchDatabase();
    try {
      figures.lighthouse = await benchLighthouse(own, { runs: Number(option('lighthouse-runs') ?? 3) });
    } finally {
      await own.close();
    }
  }
  // Only when named: a million download events written, then the downloads read model rebuilt twice.
  if (parts.includes('snapshots')) {
    const own = await openBenchDatabase();
    try {
      figures.snapshots = await benchSnapshots(own, {
        downloads: Number(option('snapshot-downloads') ?? 1_000_000),
        months: Number(option('snapshot-months') ?? 12),
        skins: 20_000,
      });
    } finally {
      await own.close();
    }
  }
  // Only when named: distinct searches on a catalogue kept between runs (filled once per size).
  if (parts.includes('search')) {
    const skins = Number(option('search-skins') ?? 100_000);
    const opening = performance.now();
    const own = await openBenchDatabase({
      keepIn: option('search-keep') ?? path.join(os.tmpdir(), `marketplace-bench-search-${skins}`),
    });
    // A kept database is migrated as it opens: this is the time a new migration took at this size.
    const openSeconds = Math.round((performance.now() - opening) / 100) / 10;
    try {
      figures.search = {
        openSeconds,
        ...(await benchSearch(own, {
          skins,
          seconds: Number(option('search-seconds') ?? 20),
          rate: Number(option('search-rate') ?? 50),
        })),
      };
    } finally {
      await own.close();
    }
  }
  // The aims' ratios side by side, from this run's figures.
  figures.ratios = ratiosOf(figures);
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await db.close();
}
