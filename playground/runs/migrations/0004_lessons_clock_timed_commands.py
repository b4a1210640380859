from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('runs', '0003_runs_engine_settled_clock_start_paused'),
    ]

    operations = [
        migrations.AddField(
            model_name='run',
            name='lesson',
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name='run',
            name='timed_commands',
            field=models.JSONField(default=list),
        ),
    ]
