ALTER TABLE "outbox" ADD COLUMN "lane" text;--> statement-breakpoint
-- What the relay's own queue left to deliver becomes outbox rows in its chat's lane (a message
-- and the copies of it still to deliver: one row, performed by the worker's drain).
INSERT INTO "outbox" ("game_id", "dedupe_key", "kind", "payload", "lane")
SELECT c."game_id", c."game_id" || ':relay:' || c."idempotency_key", 'relay',
       jsonb_build_object('type', 'relay', 'relayId', c."id", 'chat', c."chat_key"), c."chat_key"
FROM "mask_relays" c
WHERE position('#' in c."idempotency_key") = 0
  AND (c."status" IN ('pending', 'sending')
       OR EXISTS (SELECT 1 FROM "mask_relays" m
                  WHERE left(m."idempotency_key", length(c."idempotency_key") + 1) = c."idempotency_key" || '#'
                    AND m."status" IN ('pending', 'sending')))
ORDER BY c."id"
ON CONFLICT DO NOTHING;
