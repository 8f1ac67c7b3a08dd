#!/usr/bin/env bash
# The README's quickstart, as a script (CI runs it against `npm start`): from the bootstrapped
# admin to a student's finished quiz and certificate. Needs curl and jq.
#   ROOT_ADMIN_EMAIL=admin@localhost ROOT_ADMIN_PASSWORD='change me please' npm start &
#   API=http://localhost:3000 ADMIN_PASSWORD='change me please' bash examples/quickstart.sh
set -euo pipefail
API=${API:-http://localhost:3000}
ADMIN_EMAIL=${ADMIN_EMAIL:-admin@localhost}
STUDENT_EMAIL=${STUDENT_EMAIL:-siti.$RANDOM@example.com}
j() { curl -sS --fail-with-body -H 'Content-Type: application/json' "$@"; }

# 1. The admin logs in.
ADMIN=$(j "$API/api/auth/login" -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | jq -r .data.access_token)
A=(-H "Authorization: Bearer $ADMIN")
# 2. A free course, published at once; 3. a module; 4. a lesson.
COURSE=$(j "${A[@]}" "$API/api/lms/admin/courses" -d '{"title":"Photosynthesis","price":0,"status":"published"}' | jq -r .data.id)
MODULE=$(j "${A[@]}" "$API/api/lms/admin/modules" -d "{\"course_id\":\"$COURSE\",\"title\":\"Light\"}" | jq -r .data.id)
LESSON=$(j "${A[@]}" "$API/api/lms/admin/lessons" -d "{\"module_id\":\"$MODULE\",\"title\":\"Chlorophyll\",\"content\":\"Chlorophyll absorbs light.\"}" | jq -r .data.id)
# 5. A quiz in the module with one true/false question, 6. published.
QUIZ=$(j "${A[@]}" "$API/api/lms/admin/quizzes" -d "{\"module_id\":\"$MODULE\",\"title\":\"Check\",\"passing_score\":100}" | jq -r .data.id)
j "${A[@]}" "$API/api/lms/admin/quizzes/$QUIZ/questions" -d '{"question_type":"true_false","question_text":"Chlorophyll absorbs light.","correct_answer":true}' >/dev/null
j "${A[@]}" -X POST "$API/api/lms/admin/quizzes/$QUIZ/publish" >/dev/null

# 7. A student registers and 8. logs in.
j "$API/api/auth/register" -d "{\"username\":\"siti$RANDOM\",\"email\":\"$STUDENT_EMAIL\",\"password\":\"a long password\",\"display_name\":\"Siti Rahma\"}" >/dev/null
STUDENT=$(j "$API/api/auth/login" -d "{\"email\":\"$STUDENT_EMAIL\",\"password\":\"a long password\"}" | jq -r .data.access_token)
S=(-H "Authorization: Bearer $STUDENT")
# 9. Enrols in the free course, 10. completes the lesson.
j "${S[@]}" -X POST "$API/api/lms/courses/$COURSE/enroll" >/dev/null
j "${S[@]}" "$API/api/lms/progress" -d "{\"lesson_id\":\"$LESSON\",\"status\":\"completed\"}" >/dev/null
# 11. Starts the quiz: the questions come with their options (never which is correct).
START=$(j "${S[@]}" -X POST "$API/api/lms/quizzes/$QUIZ/start")
ATTEMPT=$(jq -r .data.attempt.id <<<"$START")
QUESTION=$(jq -r .data.questions[0].id <<<"$START")
TRUE=$(jq -r '.data.questions[0].options[] | select(.option_text == "True") | .id' <<<"$START")
# 12. Saves an answer, 13. submits: passing completes the course and issues the certificate.
j "${S[@]}" "$API/api/lms/quiz-attempts/$ATTEMPT/answers" -d "{\"question_id\":\"$QUESTION\",\"answer\":[\"$TRUE\"]}" >/dev/null
RESULT=$(j "${S[@]}" "$API/api/lms/quiz-attempts/$ATTEMPT/submit" -d '{}')
jq -e '.data.attempt.passed and .data.certificate_issued' <<<"$RESULT" >/dev/null
# 14. The certificate, and 15. its public verification (the QR code's link).
CODE=$(j "${S[@]}" "$API/api/lms/courses/$COURSE/certificate" | jq -r .data.code)
j "$API/api/lms/certificates/verify/$CODE" | jq -e '.data.valid' >/dev/null
echo "quickstart: $STUDENT_EMAIL passed quiz $QUIZ; certificate $CODE verified"
# For examples/client.ts (CI runs it next): the student and the quiz.
if [ -n "${QUICKSTART_ENV:-}" ]; then printf 'EMAIL=%q\nPASSWORD=%q\nQUIZ_ID=%q\n' "$STUDENT_EMAIL" 'a long password' "$QUIZ" >"$QUICKSTART_ENV"; fi
