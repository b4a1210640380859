from django.db import migrations, models

# The logs already stored, counted once; from here on whoever stores or drops them keeps the count.
COUNT_STORED = """
UPDATE runs_run SET log_bytes =
    COALESCE((SELECT SUM(octet_length(e.data)) FROM runs_runevent e WHERE e.run_id = runs_run.id), 0)
  + COALESCE((SELECT SUM(octet_length(s.state::text)) FROM runs_runstate s WHERE s.run_id = runs_run.id), 0)
"""


class Migration(migrations.Migration):

    dependencies = [
        ('runs', '0010_command_type_length'),
    ]

    operations = [
        migrations.AddField(
            model_name='run',
            name='log_bytes',
            field=models.BigIntegerField(default=0),
        ),
        migrations.RunSQL(COUNT_STORED, migrations.RunSQL.noop),
    ]
