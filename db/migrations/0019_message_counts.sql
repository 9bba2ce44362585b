-- The queue's counts kept as they change (docs/decisions/156-fast-at-a-sales-scale.md): how many messages
-- there are of each day received (UTC), state, area of interest, payment method and holder, so the
-- eighteen counts beside the filters sum a few thousand rows at most instead of counting up to a million
-- messages. A missing area, payment method or holder is 0, '' and 0 (a primary key holds no NULL that
-- matches). Triggers keep it in step with every insert, change and deletion (an erasure included).
CREATE TABLE `message_counts` (
  `day` integer NOT NULL,
  `state` text NOT NULL,
  `user_type_id` integer NOT NULL,
  `payment_method` text NOT NULL,
  `claimed_by` integer NOT NULL,
  `n` integer NOT NULL,
  PRIMARY KEY (`day`, `state`, `user_type_id`, `payment_method`, `claimed_by`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, n)
  SELECT created_at / 86400, state, coalesce(user_type_id, 0), coalesce(payment_method, ''), coalesce(claimed_by, 0),
    count(*)
  FROM `contact_submissions` GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE TRIGGER `message_counts_insert` AFTER INSERT ON `contact_submissions` BEGIN
  INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, n)
    VALUES (new.created_at / 86400, new.state, coalesce(new.user_type_id, 0), coalesce(new.payment_method, ''),
      coalesce(new.claimed_by, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_delete` AFTER DELETE ON `contact_submissions` BEGIN
  UPDATE `message_counts` SET n = n - 1
    WHERE day = old.created_at / 86400 AND state = old.state AND user_type_id = coalesce(old.user_type_id, 0)
      AND payment_method = coalesce(old.payment_method, '') AND claimed_by = coalesce(old.claimed_by, 0);
END;--> statement-breakpoint
CREATE TRIGGER `message_counts_update` AFTER UPDATE OF created_at, state, user_type_id, payment_method, claimed_by ON `contact_submissions` BEGIN
  UPDATE `message_counts` SET n = n - 1
    WHERE day = old.created_at / 86400 AND state = old.state AND user_type_id = coalesce(old.user_type_id, 0)
      AND payment_method = coalesce(old.payment_method, '') AND claimed_by = coalesce(old.claimed_by, 0);
  INSERT INTO `message_counts` (day, state, user_type_id, payment_method, claimed_by, n)
    VALUES (new.created_at / 86400, new.state, coalesce(new.user_type_id, 0), coalesce(new.payment_method, ''),
      coalesce(new.claimed_by, 0), 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
