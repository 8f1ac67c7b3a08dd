#!/usr/bin/env bash
# docs/guides/connect-ads.md as a script (CI runs it against `npm start`): Meta Lead Ads and a Google
# Ads lead form feed the CRM, the leads are allocated to the sales team, and a lead who registers and
# pays for a course through the sandbox gateway ends up enrolled, their lead closed as won.
# Needs curl, jq and openssl; the service must run with PAYGATE_PROVIDER=sandbox (the default outside
# production) and META_GRAPH_URL pointing at Graph, here the stand-in examples/guides/fake-graph.mjs:
#   PORT=4010 node examples/guides/fake-graph.mjs &
#   META_GRAPH_URL=http://127.0.0.1:4010/v21.0 ROOT_ADMIN_PASSWORD='change me please' npm start &
#   API=http://localhost:3000 GRAPH=http://127.0.0.1:4010 ADMIN_PASSWORD='change me please' bash examples/guides/connect-ads.sh
set -euo pipefail
API=${API:-http://localhost:3000}
GRAPH=${GRAPH:-http://127.0.0.1:4010}
TENANT=${TENANT:-default}
ADMIN_EMAIL=${ADMIN_EMAIL:-admin@localhost}
RUN=$RANDOM$RANDOM
j() { curl -sS --fail-with-body -H 'Content-Type: application/json' "$@"; }
T=(-H "X-Tenant-ID: $TENANT")

# 1. An admin of the tenant logs in; all of /api/crm/* (but the webhooks) is for admins.
ADMIN=$(j "${T[@]}" "$API/api/auth/login" -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | jq -r .data.access_token)
A=("${T[@]}" -H "Authorization: Bearer $ADMIN")
# 2. Two sales people, and round-robin allocation between them; a payment closes a lead as won.
REP1=$(j "${A[@]}" "$API/api/users" -d "{\"name\":\"Dewi Kusuma\",\"email\":\"dewi.$RUN@sales.example\",\"password\":\"sales password\",\"role\":30}" | jq -r .data.id)
REP2=$(j "${A[@]}" "$API/api/users" -d "{\"name\":\"Fajar Hidayat\",\"email\":\"fajar.$RUN@sales.example\",\"password\":\"sales password\",\"role\":30}" | jq -r .data.id)
j "${A[@]}" -X PUT "$API/api/crm/automation" \
  -d "{\"mode\":\"round_robin\",\"members\":[{\"user_id\":\"$REP1\"},{\"user_id\":\"$REP2\"}],\"close_on_payment\":true}" >/dev/null

# 3. Meta: the page, its access token (the service checks with Graph that it reads the page), the
#    app secret that signs deliveries and the verify token of the subscription handshake.
PAGE_ID=10$RUN
APP_SECRET=guide-app-secret-$RUN
VERIFY_TOKEN=guide-verify-token-$RUN
j "${A[@]}" -X PUT "$API/api/crm/integrations/meta" -d "{\"page_id\":\"$PAGE_ID\",\"access_token\":\"guide-page-access-token\",
  \"app_secret\":\"$APP_SECRET\",\"verify_token\":\"$VERIFY_TOKEN\",\"enabled\":true}" >/dev/null
# 4. The handshake Meta makes when you subscribe the webhook: the challenge comes back as plain text.
[ "$(curl -sS --fail-with-body "$API/api/crm/webhooks/meta?hub.mode=subscribe&hub.verify_token=$VERIFY_TOKEN&hub.challenge=1158201444")" = 1158201444 ]
# 5. Google: the webhook key you type into the lead form's webhook settings (16+ characters).
GOOGLE_KEY=guide-google-key-$RUN
j "${A[@]}" -X PUT "$API/api/crm/integrations/google" -d "{\"webhook_key\":\"$GOOGLE_KEY\",\"enabled\":true}" >/dev/null
j "${A[@]}" "$API/api/crm/integrations" | jq -e '.data | map(select(.enabled and .complete)) | length == 2' >/dev/null

# 6. A paid course for the ads to sell (price in the tenant's currency, IDR).
COURSE=$(j "${A[@]}" "$API/api/lms/admin/courses" -d '{"title":"Public speaking","price":250000,"status":"published"}' | jq -r .data.id)
MODULE=$(j "${A[@]}" "$API/api/lms/admin/modules" -d "{\"course_id\":\"$COURSE\",\"title\":\"Your voice\"}" | jq -r .data.id)
j "${A[@]}" "$API/api/lms/admin/lessons" -d "{\"module_id\":\"$MODULE\",\"title\":\"Breathing\",\"content\":\"Breathe from the belly.\"}" >/dev/null

# 7. A Meta lead: someone fills the form (here: stored at the stand-in Graph), and Meta posts the
#    leadgen change, signed with the app secret over the raw bytes (X-Hub-Signature-256).
LEADGEN_ID=20$RUN
j "$GRAPH/leads" -d "{\"id\":\"$LEADGEN_ID\",\"field_data\":[{\"name\":\"full_name\",\"values\":[\"Rina Wijaya\"]},
  {\"name\":\"email\",\"values\":[\"rina.$RUN@example.com\"]},{\"name\":\"phone_number\",\"values\":[\"0812 3456 7890\"]},
  {\"name\":\"city\",\"values\":[\"Bandung\"]}]}" >/dev/null
BODY="{\"object\":\"page\",\"entry\":[{\"id\":\"$PAGE_ID\",\"time\":1764300000,\"changes\":[{\"field\":\"leadgen\",
\"value\":{\"leadgen_id\":\"$LEADGEN_ID\",\"page_id\":\"$PAGE_ID\",\"form_id\":\"3001\",\"ad_id\":\"4001\",\"created_time\":1764300000}}]}]}"
SIGNATURE=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$APP_SECRET" | sed 's/^.* //')
j -H "X-Hub-Signature-256: sha256=$SIGNATURE" "$API/api/crm/webhooks/meta" --data-binary "$BODY" | jq -e '.data.accepted == 1' >/dev/null
# A wrong signature is refused (403, code INVALID_SIGNATURE) and stores nothing.
[ "$(curl -sS -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' -H 'X-Hub-Signature-256: sha256=00' "$API/api/crm/webhooks/meta" --data-binary "$BODY")" = 403 ]

# 8. A Google lead: Google posts the form with the key; the answer is immediate, the lead follows.
j "$API/api/crm/webhooks/google" -d "{\"lead_id\":\"G-$RUN\",\"form_id\":5001,\"campaign_id\":6001,\"google_key\":\"$GOOGLE_KEY\",
  \"is_test\":false,\"user_column_data\":[{\"column_id\":\"FULL_NAME\",\"string_value\":\"Putri Santoso\"},
  {\"column_id\":\"EMAIL\",\"string_value\":\"putri.$RUN@example.com\"},{\"column_id\":\"PHONE_NUMBER\",\"string_value\":\"+62 811 2233 4455\"},
  {\"column_id\":\"CITY\",\"string_value\":\"Surabaya\"}]}" >/dev/null

# 9. Ingestion is a job (Graph fetch with retries): poll the CRM until both leads are there.
for _ in $(seq 1 30); do
  LEADS=$(j "${A[@]}" "$API/api/crm/leads?search=$RUN")
  [ "$(jq .data.total <<<"$LEADS")" = 2 ] && break
  sleep 1
done
jq -e '.data.total == 2' <<<"$LEADS" >/dev/null
# Each went to a different sales person (round robin), and Meta's phone is now E.164.
jq -e "[.data.items[].assigned_to] | sort == ([\"$REP1\",\"$REP2\"] | sort)" <<<"$LEADS" >/dev/null
jq -e '.data.items[] | select(.provider == "meta") | .phone == "+6281234567890" and .status == "new"' <<<"$LEADS" >/dev/null
LEAD=$(jq -r '.data.items[] | select(.provider == "google") | .id' <<<"$LEADS")

# 10. The Google lead registers with the email they gave the form: the lead is linked to them.
j "${T[@]}" "$API/api/auth/register" -d "{\"username\":\"putri$RUN\",\"email\":\"putri.$RUN@example.com\",\"password\":\"a long password\",\"display_name\":\"Putri Santoso\"}" >/dev/null
j "${A[@]}" "$API/api/crm/leads/$LEAD" | jq -e '.data.link_status == "linked"' >/dev/null
BUYER=$(j "${T[@]}" "$API/api/auth/login" -d "{\"email\":\"putri.$RUN@example.com\",\"password\":\"a long password\"}" | jq -r .data.access_token)
B=("${T[@]}" -H "Authorization: Bearer $BUYER")
# 11. They order the course and open a payment: redirect_url is the page to send the browser to.
ORDER=$(j "${B[@]}" "$API/api/orders" -d "{\"items\":[{\"course_id\":\"$COURSE\"}]}" | jq -r .data.id)
PAYMENT=$(j "${B[@]}" "$API/api/paygate/payment/initiate" -d "{\"order_id\":\"$ORDER\",\"payment_method\":\"bank_transfer\"}")
REDIRECT=$(jq -r .data.redirect_url <<<"$PAYMENT")
# 12. On the sandbox page the buyer presses Pay (with Accept: application/json, the answer is JSON):
#     the sandbox sends the signed settlement notification a real gateway would.
j -X POST -H 'Accept: application/json' "$REDIRECT?result=success" | jq -e '.data.status == "paid"' >/dev/null

# 13. The order is paid, the course is theirs, and the lead is closed as won with the amount.
j "${B[@]}" "$API/api/orders/$ORDER" | jq -e '.data.status == "paid"' >/dev/null
j "${B[@]}" "$API/api/lms/my-courses" | jq -e "any(.data.items[]; .id == \"$COURSE\")" >/dev/null
j "${A[@]}" "$API/api/crm/leads/$LEAD" | jq -e ".data.status == \"closed_won\" and (.data.value | tonumber) == 250000 and .data.enrollments[0].course_id == \"$COURSE\"" >/dev/null
echo "connect-ads: leads meta $LEADGEN_ID and google G-$RUN allocated; order $ORDER paid, lead $LEAD closed_won"
