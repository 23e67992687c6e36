import { database } from "#app/db/client.server";
import { stopReportsDigestWorker } from "#app/features/listing-reports/index.server";
import { stopNewsletterWorker } from "#app/features/newsletters/index.server";
import { stopPagesWorker } from "#app/features/pages/index.server";
import { stopShiftsWorker } from "#app/features/shifts/index.server";
import { stopTributeCardWorker } from "#app/features/tributes/index.server";
import { stopCompressionThread } from "#app/lib/compression-thread.server";
import { stopEventWorker } from "#app/lib/events.server";
import { stopMailDelivery } from "#app/lib/outbox.server";
import { closeRateLimitStore } from "#app/lib/rate-limit.server";
import { stopWeather } from "./weather";

/**
 * Releases what the app holds once no request is left (graceful stop,
 * docs/decisions/122-graceful-stop.md): the mail worker finishes its round and starts no other,
 * Redis is let go, and the database is closed cleanly (for PGlite this writes its last pages and
 * the shutdown checkpoint, so the next start needs no recovery).
 */
export async function stop() {
  stopWeather();
  stopShiftsWorker();
  stopReportsDigestWorker();
  await stopPagesWorker();
  await stopTributeCardWorker();
  // Before mail: a sending round queues mail.
  await stopNewsletterWorker();
  // Events before mail: a subscriber may queue mail.
  await stopEventWorker();
  await stopMailDelivery();
  closeRateLimitStore();
  await stopCompressionThread();
  await database().close();
}
