#!/usr/bin/env bash
# docs/guides/run-a-school.md as a script (CI runs it against `npm start`): the Super Admin opens a
# school (a tenant) and its admin; the admin builds a course with a lesson and a quiz and enrols a
# student; the student finishes it and the certificate verifies publicly. Needs curl and jq.
#   API=http://localhost:3000 ROOT_PASSWORD='change me please' bash examples/guides/run-a-school.sh
set -euo pipefail
API=${API:-http://localhost:3000}
ROOT_EMAIL=${ROOT_EMAIL:-admin@localhost}
SCHOOL=${SCHOOL:-school-$RANDOM$RANDOM}
# Every call: JSON in, JSON out; a 4xx or 5xx stops the script and prints the error envelope.
j() { curl -sS --fail-with-body -H 'Content-Type: application/json' "$@"; }

# 1. The Super Admin logs in (from any tenant: Super Admins are global).
ROOT=$(j "$API/api/auth/login" -d "{\"email\":\"$ROOT_EMAIL\",\"password\":\"$ROOT_PASSWORD\"}" | jq -r .data.access_token)
# 2. A tenant for the school; its slug is what front ends send as X-Tenant-ID.
TENANT_ID=$(j -H "Authorization: Bearer $ROOT" "$API/api/tenants" -d "{\"slug\":\"$SCHOOL\",\"name\":\"Greenwood School\"}" | jq -r .data.id)
T=(-H "X-Tenant-ID: $SCHOOL")
# 3. The school's admin (role 99), made by the Super Admin acting in the new tenant.
j "${T[@]}" -H "Authorization: Bearer $ROOT" "$API/api/users" \
  -d '{"name":"Ayu Lestari","email":"ayu@greenwood.example","password":"admin password 1","role":99}' >/dev/null

# 4. The admin logs in with the tenant header: the token is bound to this tenant.
ADMIN=$(j "${T[@]}" "$API/api/auth/login" -d '{"email":"ayu@greenwood.example","password":"admin password 1"}' | jq -r .data.access_token)
A=("${T[@]}" -H "Authorization: Bearer $ADMIN")
# 5. A course (a draft until published), a module, a lesson.
COURSE=$(j "${A[@]}" "$API/api/lms/admin/courses" -d '{"title":"Fractions","description":"Halves, thirds and quarters.","price":0}' | jq -r .data.id)
MODULE=$(j "${A[@]}" "$API/api/lms/admin/modules" -d "{\"course_id\":\"$COURSE\",\"title\":\"Parts of a whole\"}" | jq -r .data.id)
LESSON=$(j "${A[@]}" "$API/api/lms/admin/lessons" -d "{\"module_id\":\"$MODULE\",\"title\":\"What is a half?\",\"content\":\"A half is one of two equal parts.\"}" | jq -r .data.id)
# 6. A quiz with a multiple-choice question; options carry is_correct; publishing shows it to students.
QUIZ=$(j "${A[@]}" "$API/api/lms/admin/quizzes" -d "{\"module_id\":\"$MODULE\",\"title\":\"Halves\",\"passing_score\":100,\"max_attempts\":3}" | jq -r .data.id)
j "${A[@]}" "$API/api/lms/admin/quizzes/$QUIZ/questions" -d '{"question_type":"multiple_choice","question_text":"How many halves make a whole?",
  "options":[{"option_text":"Two","is_correct":true},{"option_text":"Three","is_correct":false}]}' >/dev/null
j "${A[@]}" -X POST "$API/api/lms/admin/quizzes/$QUIZ/publish" >/dev/null
j "${A[@]}" -X PUT "$API/api/lms/admin/courses/$COURSE" -d '{"status":"published"}' >/dev/null

# 7. A student account (role 1) and 8. their enrolment, both by the admin.
STUDENT_ID=$(j "${A[@]}" "$API/api/users" -d '{"name":"Bima Saputra","email":"bima@greenwood.example","password":"student password","role":1}' | jq -r .data.id)
j "${A[@]}" "$API/api/lms/admin/resources/enrollments" -d "{\"user_id\":\"$STUDENT_ID\",\"course_id\":\"$COURSE\"}" >/dev/null

# 9. The student logs in, reads the lesson and marks it completed.
STUDENT=$(j "${T[@]}" "$API/api/auth/login" -d '{"email":"bima@greenwood.example","password":"student password"}' | jq -r .data.access_token)
S=("${T[@]}" -H "Authorization: Bearer $STUDENT")
j "${S[@]}" "$API/api/lms/lessons/$LESSON" | jq -e '.data.content == "A half is one of two equal parts."' >/dev/null
j "${S[@]}" "$API/api/lms/progress" -d "{\"lesson_id\":\"$LESSON\",\"status\":\"completed\"}" >/dev/null
# 10. Takes the quiz: start, answer the option named "Two", submit.
START=$(j "${S[@]}" -X POST "$API/api/lms/quizzes/$QUIZ/start")
ATTEMPT=$(jq -r .data.attempt.id <<<"$START")
QUESTION=$(jq -r .data.questions[0].id <<<"$START")
TWO=$(jq -r '.data.questions[0].options[] | select(.option_text == "Two") | .id' <<<"$START")
j "${S[@]}" "$API/api/lms/quiz-attempts/$ATTEMPT/answers" -d "{\"question_id\":\"$QUESTION\",\"answer\":[\"$TWO\"]}" >/dev/null
RESULT=$(j "${S[@]}" "$API/api/lms/quiz-attempts/$ATTEMPT/submit" -d '{}')
# 11. Passing the last requirement completes the course and issues the certificate.
jq -e '.data.attempt.passed and .data.certificate_issued' <<<"$RESULT" >/dev/null
CODE=$(j "${S[@]}" "$API/api/lms/courses/$COURSE/certificate" | jq -r .data.code)

# 12. Anyone verifies it, without a login or tenant: JSON for programs, a page for browsers (the QR code's link).
j "$API/api/lms/certificates/verify/$CODE" | jq -e '.data.valid and .data.student_name == "Bima Saputra"' >/dev/null
curl -sS --fail-with-body -H 'Accept: text/html' "$API/api/lms/certificates/verify/$CODE" | grep -q 'Fractions'
# 13. The admin sees the student's completion in the course's enrolments.
j "${A[@]}" "$API/api/lms/admin/resources/enrollments?course_id=$COURSE" | jq -e '.data.total == 1' >/dev/null
echo "run-a-school: tenant $SCHOOL ($TENANT_ID); certificate $API/api/lms/certificates/verify/$CODE"
