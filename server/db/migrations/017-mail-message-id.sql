-- Each e-mail's Message-ID, made once before its first send and reused by every later one: a
-- message whose send was interrupted (the process died, or its result could not be stored) is
-- sent again, and a receiving server that already has it can tell the copy by this header.
-- Made when first sent, so rows queued before this migration get one then too.
ALTER TABLE mail_messages ADD COLUMN message_id text;
