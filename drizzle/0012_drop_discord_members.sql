-- The member-role cache: the reconciler now gives and takes one role at a time
-- (PUT/DELETE .../members/{u}/roles/{r}) and never needs a member's whole role list.
DROP TABLE "discord_members" CASCADE;
