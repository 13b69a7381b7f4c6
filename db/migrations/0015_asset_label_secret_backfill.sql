-- Labels printed before 0014 carry the plaintext token in their QR code; hashing it here keeps them valid, so no
-- label in the field stops working. Only the digest survives: 0016 drops the plaintext column.
UPDATE "assets"
  SET "label_secret_hash" = encode(sha256(convert_to("qr_code_token", 'UTF8')), 'hex'),
      "label_issued_at" = "created_at"
  WHERE "label_secret_hash" IS NULL;
